// startPlatform(), the programmatic start another project's test setup calls (issue 43).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startPlatform, type RunningPlatform } from '../../mock-server/platform';
import { PROJECT_TOKEN } from './helpers';

const started: RunningPlatform[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const platform of started.splice(0)) await platform.close().catch(() => undefined);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pawloween-start-platform-'));
  dirs.push(dir);
  return dir;
}

describe('startPlatform', () => {
  it('listens on a free port, answers its URL and token, arms faults, and close() frees its data folder', async () => {
    const dir = dataDir();
    const platform = await startPlatform({
      port: 0,
      dataDir: dir,
      faults: true,
      logLevel: 'silent',
    });
    started.push(platform);
    expect(platform.url).toBe(`http://127.0.0.1:${platform.port}`);
    expect(platform.projectToken).toBe(PROJECT_TOKEN);
    expect(await (await fetch(`${platform.url}/healthz`)).json()).toEqual({ ok: true });
    // The built app's page or the note that it is not built: either way served at /.
    expect((await fetch(`${platform.url}/`)).status).toBe(200);

    await platform.fault({ next: '503' });
    const refused = await fetch(`${platform.url}/v1/run`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${platform.projectToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ model: 'workflow/costume', input: {} }),
    });
    expect((await refused.json()).error.code).toBe('WORKFLOW_UNAVAILABLE');
    expect(refused.status).toBe(503);

    await platform.close();
    // A second platform may take the same folder once the first closed.
    const again = await startPlatform({ port: 0, dataDir: dir, logLevel: 'silent' });
    started.push(again);
    await expect(again.fault({ next: '503' })).rejects.toThrow(
      'Faults are off: start the platform with faults: true.',
    );
  });

  it('a taken port fails the start with the system error, leaving the data folder free', async () => {
    const first = await startPlatform({ port: 0, dataDir: dataDir(), logLevel: 'silent' });
    started.push(first);
    const dir = dataDir();
    await expect(
      startPlatform({ port: first.port, dataDir: dir, logLevel: 'silent' }),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    const second = await startPlatform({ port: 0, dataDir: dir, logLevel: 'silent' });
    started.push(second);
  });
});
