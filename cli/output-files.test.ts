import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareOutDir, writeWhole } from './output-files';

const home = mkdtempSync(path.join(tmpdir(), 'pawloween-out-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('writeWhole', () => {
  it('puts the file under its name only once it is complete', async () => {
    const dir = mkdtempSync(path.join(home, 'ok-'));
    await writeWhole(path.join(dir, 'a.png'), Buffer.from('whole'));
    expect(readdirSync(dir)).toEqual(['a.png']);
    expect(readFileSync(path.join(dir, 'a.png'), 'utf8')).toBe('whole');
  });

  it('leaves nothing behind when the file cannot be put in place', async () => {
    const dir = mkdtempSync(path.join(home, 'fail-'));
    // A folder where the file should go: the rename fails after the bytes were written.
    mkdirSync(path.join(dir, 'a.png'));
    await expect(writeWhole(path.join(dir, 'a.png'), Buffer.from('x'))).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['a.png']);
  });
});

describe('prepareOutDir', () => {
  it('makes a missing folder and leaves no probe in it', async () => {
    const dir = path.join(home, 'new', 'deeper');
    await prepareOutDir(dir);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a folder nobody may write into, root included', async () => {
    // /sys refuses new files to root too; other users meet their own permissions first.
    await expect(prepareOutDir('/sys')).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('Cannot write into --out /sys'),
    });
  });
});
