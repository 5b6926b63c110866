import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

// The boundary check (npm run lint:deps) is run on small trees laid out like the repository, each
// breaking one rule, with the repository's own configuration: it must name the rule and fail.

const root = path.resolve(import.meta.dirname, '../..');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');
const run = promisify(execFile);
const trees: string[] = [];

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pawloween-boundaries-'));
  trees.push(dir);
  cpSync(path.join(root, 'tsconfig.json'), path.join(dir, 'tsconfig.json'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

async function check(dir: string): Promise<{ failed: boolean; output: string }> {
  const config = path.join(root, '.dependency-cruiser.cjs');
  try {
    const { stdout } = await run(depcruise, ['--config', config, '--output-type', 'err', '.'], {
      cwd: dir,
    });
    return { failed: false, output: stdout };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: stdout + stderr };
  }
}

afterEach(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the boundary check', () => {
  it('passes a tree that keeps to the rules', async () => {
    const dir = tree({
      'domain/rule.ts': 'export const rule = 1;\n',
      'adapters/browser/browser.container.ts': "export { rule } from '../../domain/rule';\n",
      'ui/view.ts': "export { rule } from '../adapters/browser/browser.container';\n",
    });
    expect(await check(dir)).toMatchObject({ failed: false });
  });

  it("fails on a dynamic import from ui/ or domain/ into the platform client's internals", async () => {
    const dir = tree({
      'adapters/platform/src/internal/transport.ts': 'export const send = () => 1;\n',
      'adapters/platform/src/index.ts': "export { send } from './internal/transport';\n",
      'ui/view.ts':
        "export const later = () => import('../adapters/platform/src/internal/transport');\n",
      'domain/rule.ts':
        "export const later = () => import('../adapters/platform/src/internal/transport');\n",
    });
    const { failed, output } = await check(dir);
    expect(failed).toBe(true);
    expect(output).toContain(
      'client-internals-are-private: ui/view.ts → adapters/platform/src/internal/transport.ts',
    );
    expect(output).toContain(
      'client-internals-are-private: domain/rule.ts → adapters/platform/src/internal/transport.ts',
    );
    // The client's own public entry may use its internals.
    expect(output).not.toContain('adapters/platform/src/index.ts →');
  });

  it("fails when the app's adapters reach past the client's public entry", async () => {
    const dir = tree({
      'adapters/platform/src/client.ts': 'export const client = 1;\n',
      'adapters/platform/src/index.ts': "export { client } from './client';\n",
      'adapters/platform-ports/good.ts': "export { client } from '../platform/src';\n",
      'adapters/platform-ports/bad.ts': "export { client } from '../platform/src/client';\n",
    });
    const { failed, output } = await check(dir);
    expect(failed).toBe(true);
    expect(output).toContain(
      'app-uses-the-client-as-a-package: adapters/platform-ports/bad.ts → adapters/platform/src/client.ts',
    );
    expect(output).not.toContain('adapters/platform-ports/good.ts');
  });

  it('fails on a cycle', async () => {
    const dir = tree({
      'cli/a.ts': "import { b } from './b';\nexport const a = () => b();\n",
      'cli/b.ts': "import { a } from './a';\nexport const b = () => a();\n",
    });
    const { failed, output } = await check(dir);
    expect(failed).toBe(true);
    expect(output).toContain('no-cycles');
  });

  it('fails when a feature reaches into another past its index', async () => {
    const dir = tree({
      'ui/features/viewer/components/viewer.ts': 'export const Viewer = 1;\n',
      'ui/features/viewer/index.ts': "export { Viewer } from './components/viewer';\n",
      'ui/features/gallery/good.ts': "export { Viewer } from '../viewer';\n",
      'ui/features/gallery/bad.ts': "export { Viewer } from '../viewer/components/viewer';\n",
    });
    const { failed, output } = await check(dir);
    expect(failed).toBe(true);
    expect(output).toContain(
      'features-keep-to-themselves: ui/features/gallery/bad.ts → ui/features/viewer/components/viewer.ts',
    );
    expect(output).not.toContain('ui/features/gallery/good.ts');
  });

  it('fails when domain/ imports a Node built-in or the adapters', async () => {
    const dir = tree({
      'adapters/node/file.ts': 'export const file = 1;\n',
      'domain/rule.ts':
        "import { readFileSync } from 'node:fs';\nexport { file } from '../adapters/node/file';\nexport const r = readFileSync;\n",
    });
    const { failed, output } = await check(dir);
    expect(failed).toBe(true);
    expect(output).toMatch(
      /domain-is-pure: domain\/rule\.ts → node:fs|domain-is-pure: domain\/rule\.ts → fs/,
    );
    expect(output).toContain('domain-is-pure: domain/rule.ts → adapters/node/file.ts');
  });
});
