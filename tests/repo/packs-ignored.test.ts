import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { getFileInfo } from 'prettier';
import { describe, expect, it } from 'vitest';

// packs/ holds what `npm run pack:client` builds (the tarball, and while it packs an unpacked copy
// of the package): no source of this repository, so no tool that checks sources may look at it.

const root = path.resolve(import.meta.dirname, '../..');
const built = 'packs/platform-client/package/dist/index.mjs';

describe('packs/ is left to itself by every checking tool', () => {
  it('eslint ignores it', async () => {
    expect(await new ESLint({ cwd: root }).isPathIgnored(path.join(root, built))).toBe(true);
  });

  it('prettier ignores it', async () => {
    const info = await getFileInfo(path.join(root, built), {
      ignorePath: path.join(root, '.prettierignore'),
    });
    expect(info.ignored).toBe(true);
  });

  it('knip ignores it', () => {
    const knip = JSON.parse(readFileSync(path.join(root, 'knip.json'), 'utf8')) as {
      ignore: string[];
    };
    expect(knip.ignore).toContain('packs/**');
  });

  it('dependency-cruiser excludes it', async () => {
    const config = (await import(path.join(root, '.dependency-cruiser.cjs'))) as {
      default: { options: { exclude: { path: string } } };
    };
    expect(new RegExp(config.default.options.exclude.path).test(built)).toBe(true);
    expect(
      new RegExp(config.default.options.exclude.path).test('adapters/platform/src/index.ts'),
    ).toBe(false);
  });
});
