// Starts the local Pawloween platform once for the test run, on a free port, with faults on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPlatform } from '@pawloween/platform-server';

export default async function setup(project) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pawloween-platform-'));
  const platform = await startPlatform({ port: 0, dataDir, faults: true });
  project.provide('platformUrl', platform.url);
  project.provide('projectToken', platform.projectToken);
  return async () => {
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
