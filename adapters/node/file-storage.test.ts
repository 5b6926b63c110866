import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileStorage, defaultStoragePath } from './file-storage';

describe('FileStorage', () => {
  const dirs: string[] = [];
  const tempPath = () => {
    const dir = mkdtempSync(join(tmpdir(), 'pawloween-'));
    dirs.push(dir);
    return join(dir, 'nested', 'storage.json');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('persists strings across instances', () => {
    const path = tempPath();
    new FileStorage(path).setItem('subscribe-dev-access-token', 'tok');
    expect(new FileStorage(path).getItem('subscribe-dev-access-token')).toBe('tok');
    const store = new FileStorage(path);
    store.removeItem('subscribe-dev-access-token');
    expect(new FileStorage(path).getItem('subscribe-dev-access-token')).toBeUndefined();
  });

  it.skipIf(process.platform === 'win32')('is readable by its owner only (0600)', () => {
    const path = tempPath();
    new FileStorage(path).setItem('k', 'v');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('treats an unreadable file as empty and reports it', () => {
    const path = tempPath();
    new FileStorage(path).setItem('k', 'v');
    writeFileSync(path, '{broken');
    const errors: unknown[] = [];
    const store = new FileStorage(path, (e) => errors.push(e));
    expect(store.getItem('k')).toBeUndefined();
    expect(errors).toHaveLength(1);
    store.setItem('k', 'w');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ k: 'w' });
  });

  it('never throws when the file cannot be written', () => {
    const errors: unknown[] = [];
    const blocker = tempPath();
    new FileStorage(blocker).setItem('k', 'v');
    // A file where the directory should be: mkdir fails with ENOTDIR.
    const store = new FileStorage(join(blocker, 'storage.json'), (e) => errors.push(e));
    expect(() => store.setItem('k', 'v')).not.toThrow();
    expect(store.getItem('k')).toBe('v');
    expect(errors.length).toBeGreaterThan(0);
  });

  it('lives in the user config directory', () => {
    expect(defaultStoragePath({ XDG_CONFIG_HOME: '/cfg' })).toBe(
      process.platform === 'win32' ? expect.any(String) : join('/cfg', 'pawloween', 'storage.json'),
    );
  });
});

describe('FileStorage removals', () => {
  it('removing a key that is not there writes nothing: no folder, no file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pawloween-'));
    const path = join(dir, 'gone', 'storage.json');
    new FileStorage(path).removeItem('user-profile');
    expect(existsSync(join(dir, 'gone'))).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });
});
