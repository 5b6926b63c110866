import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { LocalStoragePort } from '../../domain/ports/storage.port';

/** Where the CLI keeps its device storage: the platform's per-user config directory. */
export function defaultStoragePath(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    process.platform === 'win32'
      ? (env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'))
      : (env.XDG_CONFIG_HOME ?? join(homedir(), '.config'));
  return join(base, 'pawloween', 'storage.json');
}

/**
 * Key-value strings in one JSON file, readable by the owner only (0600): it holds the access
 * token. Writes go to a temporary file renamed over the old one, so a crash never leaves half a
 * file; a file that cannot be read or parsed counts as empty.
 */
export class FileStorage implements LocalStoragePort {
  private entries: Record<string, string> | undefined;

  constructor(
    readonly path: string = defaultStoragePath(),
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  getItem(key: string): string | undefined {
    return this.read()[key];
  }

  setItem(key: string, value: string): void {
    this.write({ ...this.read(), [key]: value });
  }

  removeItem(key: string): void {
    // Nothing to remove is no write: a removal must not create the folder or the file.
    if (!Object.hasOwn(this.read(), key)) return;
    const { [key]: _removed, ...rest } = this.read();
    this.write(rest);
  }

  private read(): Record<string, string> {
    if (this.entries) return this.entries;
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.path, 'utf8'));
      this.entries =
        typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
          ? Object.fromEntries(
              Object.entries(parsed).filter(
                (entry): entry is [string, string] => typeof entry[1] === 'string',
              ),
            )
          : {};
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.onError(error);
      this.entries = {};
    }
    return this.entries;
  }

  private write(entries: Record<string, string>): void {
    this.entries = entries;
    try {
      mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
      const temporary = `${this.path}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(entries, undefined, 2), { mode: 0o600 });
      chmodSync(temporary, 0o600);
      renameSync(temporary, this.path);
    } catch (error) {
      // The port promises writes never throw; the value stays in memory for this process.
      this.onError(error);
    }
  }
}
