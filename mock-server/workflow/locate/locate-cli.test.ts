import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm run locate -- FILE...` as a reviewer runs it: the real script in its own process.

const run = promisify(execFile);
const TSX = path.resolve('node_modules/.bin/tsx');
let work = '';

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'pawloween-locate-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('npm run locate', () => {
  it('prints one JSON line per photo, and names an unreadable file on stderr with exit code 1', async () => {
    const photo = path.resolve('tests/fixtures/photos/kitten.jpg');
    const notAPicture = path.join(work, 'notes.jpg');
    await writeFile(notAPicture, 'a text file named .jpg');
    const result = await run(TSX, ['scripts/locate.ts', photo, notAPicture]).then(
      (ok) => ({ ...ok, code: 0 }),
      (error: { stdout: string; stderr: string; code: number }) => error,
    );
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const located = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(Object.keys(located)).toEqual(
      expect.arrayContaining([
        ...['file', 'width', 'height', 'head', 'body', 'confidence', 'method'],
        ...['eyes', 'mouth', 'roll', 'faceConfidence'],
      ]),
    );
    expect(located).toMatchObject({ file: photo, width: 800, height: 450 });
    expect(result.stderr).toContain(`${notAPicture}: cannot locate a pet`);
  });
});
