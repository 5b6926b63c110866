// The local platform as another project's CI gets it (issue 43): a project of its own installs
// the packed client and @pawloween/platform-server from their tarballs, starts the platform from
// its own vitest global setup (compiled JavaScript: no tsx, no checkout), runs a costume through
// the client and a fault, and passes; the same project runs README's Playwright example, a
// journey in chromium against the app the platform serves and a fault. The package's bin serves
// the platform with its settings, and its notices name every model file it ships.
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { SETTINGS } from '../../mock-server/settings';
import { isModelFile, unnoticedFiles } from './notices';
import { packedClient, packedPlatform } from './packs';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
/** The version installed here, which npm's cache holds. */
const versionOf = (name: string) =>
  (
    JSON.parse(readFileSync(path.join(repo, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
const vitestVersion = versionOf('vitest');

/** The js blocks of README's "With vitest": the global setup, then the test. */
function readmeVitestBlocks(): string[] {
  const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('### With vitest'),
    readme.indexOf('### With Playwright'),
  );
  return [...section.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

/** README's Playwright example: each js block of "With Playwright", by the file its first line names. */
function readmePlaywrightFiles(): Map<string, string> {
  const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');
  const from = readme.indexOf('### With Playwright');
  const section = readme.slice(from, readme.indexOf('\n## ', from));
  return new Map(
    [...section.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => [
      /^\/\/ ([\w./-]+\.js)\b/.exec(match[1]!)?.[1] ?? 'unnamed',
      match[1]!,
    ]),
  );
}

let project: string;

/** Playwright's own browsers in a folder of the project, which nothing may make: none is downloaded. */
const noBrowserDownload = () => ({
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  PLAYWRIGHT_BROWSERS_PATH: path.join(project, 'playwright-browsers'),
});
let platformTarball: string;

/** This run's environment less vitest's own, which would make the project's vitest a worker. */
function outsideEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(VITEST|TINYPOOL|NODE_OPTIONS$|NODE_ENV$)/.test(name),
    ),
  );
}

beforeAll(async () => {
  const [client, platform] = await Promise.all([packedClient(), packedPlatform()]);
  platformTarball = platform;
  project = mkdtempSync(path.join(tmpdir(), 'pawloween-platform-consumer-'));
  cpSync(path.join(import.meta.dirname, 'consumer/platform'), project, { recursive: true });
  // README's vitest test, as written, beside the project's own.
  writeFileSync(path.join(project, 'readme.test.mjs'), readmeVitestBlocks()[1]!);
  // README's Playwright example, as written, in the same project.
  for (const [file, text] of readmePlaywrightFiles()) {
    mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
    writeFileSync(path.join(project, file), text);
  }
  writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'platform-consumer', private: true, type: 'module' }),
  );
  // The two tarballs, the client's peer and the project's own test runners, nothing else: no
  // checkout, no tsx, no browser download (Debian's chromium runs the journeys). What the
  // registry serves comes from npm's cache when it holds it.
  await run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
      client,
      platform,
      'zod@^4.2.0',
      `vitest@${vitestVersion}`,
      `@playwright/test@${versionOf('playwright-core')}`,
    ],
    { cwd: project, env: { ...outsideEnv(), ...noBrowserDownload() } },
  );
}, 600_000);

// The project's node_modules holds the platform's media tools and models: hundreds of MB to remove.
afterAll(async () => {
  if (project) await rm(project, { recursive: true, force: true });
}, 120_000);

describe('@pawloween/platform-server in another project', () => {
  it('holds compiled JavaScript and no TypeScript source, and its project installs no tsx', async () => {
    const { stdout } = await run('tar', ['tzf', platformTarball]);
    const files = stdout.trim().split('\n');
    expect(
      files.filter((file) => /\.(ts|tsx|mts)$/.test(file) && !file.endsWith('.d.mts')),
    ).toEqual([]);
    expect(files).toContain('package/lib/mock-server/platform.mjs');
    expect(files).toContain('package/lib/dist/index.html');
    expect(existsSync(path.join(project, 'node_modules/tsx'))).toBe(false);
    expect(existsSync(path.join(project, 'node_modules/sharp'))).toBe(true);
    expect(existsSync(path.join(project, 'node_modules/@ffmpeg-installer/ffmpeg'))).toBe(true);
  });

  it("runs the project's vitest: the global setup starts the platform, a costume runs through the client, faults fail as the real failures, and README's test passes", async () => {
    const result = await run(path.join(project, 'node_modules/.bin/vitest'), ['run'], {
      cwd: project,
      env: { ...outsideEnv(), CI: '1', NO_COLOR: '1' },
    }).catch((error: { stdout: string; stderr: string }) => ({ ...error, failed: true }));
    const output = `${result.stdout}\n${result.stderr}`;
    expect('failed' in result, output).toBe(false);
    // The project's three tests and README's two.
    expect(output).toMatch(/Tests\s+5 passed \(5\)/);
  }, 300_000);

  it("runs README's Playwright example with `npx playwright test`: its global setup starts the platform, chromium signs in to the served app, and a failed video offers Retry Video", async () => {
    expect([...readmePlaywrightFiles().keys()]).toEqual([
      'playwright.config.js',
      'e2e/global-setup.js',
      'e2e/costume.spec.js',
    ]);
    // Playwright keeps its transform cache in the temporary folder: one of this test's, removed
    // after it. A short path: chromium's singleton socket lies in it, and a socket's path is short.
    const tmp = mkdtempSync(path.join(tmpdir(), 'pw-'));
    onTestFinished(() => rm(tmp, { recursive: true, force: true }));
    const result = await run('npx', ['--no', 'playwright', 'test', '--reporter=line'], {
      cwd: project,
      env: {
        ...outsideEnv(),
        ...noBrowserDownload(),
        TMPDIR: tmp,
        CI: '1',
        NO_COLOR: '1',
        CHROMIUM_PATH: '/usr/bin/chromium',
      },
    }).catch((error: { stdout: string; stderr: string }) => ({ ...error, failed: true }));
    const output = `${result.stdout}\n${result.stderr}`;
    expect('failed' in result, output).toBe(false);
    expect(output).toMatch(/\b2 passed\b/);
    // Nothing was downloaded: Playwright's browser folder was never made.
    expect(existsSync(noBrowserDownload().PLAYWRIGHT_BROWSERS_PATH)).toBe(false);
  }, 300_000);

  it('carries its LICENSE, and THIRD_PARTY_NOTICES.md naming every model file by its path and covering every other asset', async () => {
    const { stdout } = await run('tar', ['tzf', platformTarball]);
    const files = stdout
      .trim()
      .split('\n')
      .map((file) => file.replace(/^package\//, ''));
    expect(files).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'THIRD_PARTY_NOTICES.md',
        'licenses/Creepster-OFL.txt',
        'licenses/Nunito-OFL.txt',
        'lib/mock-server/workflow/locate/centernet/LICENSE',
      ]),
    );
    const { stdout: notice } = await run('tar', [
      'xzOf',
      platformTarball,
      'package/THIRD_PARTY_NOTICES.md',
    ]);
    expect(files.filter(isModelFile)).not.toEqual([]);
    expect(unnoticedFiles(files, notice)).toEqual([]);
    // The app's bundled packages, each with its licence's text.
    expect(notice).toMatch(/^### react-dom \S+ \(MIT\)$/m);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it("README's global setup is the one the project runs", () => {
    const body = (text: string) => text.split('\n').slice(1).join('\n').trim();
    const setup = readFileSync(
      path.join(import.meta.dirname, 'consumer/platform/platform.global.mjs'),
      'utf8',
    );
    expect(body(readmeVitestBlocks()[0]!)).toBe(body(setup));
  });

  it('its bin serves the platform, says where its data lives, and lists every setting in --help', async () => {
    const bin = path.join(project, 'node_modules/.bin/pawloween-platform');
    const { stdout: help } = await run(bin, ['--help'], { cwd: project, env: outsideEnv() });
    for (const setting of SETTINGS) expect(help).toContain(setting.name);

    const child = spawn(bin, ['--port', '0', '--data-dir', 'platform-data'], {
      cwd: project,
      env: { ...outsideEnv(), PAWLOWEEN_FAULTS: '1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      let output = '';
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const found = /Pawloween is running at (\S+)/.exec(output);
          // The fault line is the last of the start's lines when faults are on.
          if (found && output.includes('Fault injection is on')) resolve(found[1]!);
        });
        void exited.then(() => reject(new Error(`the bin exited:\n${output}`)));
      });
      expect(output).toContain(`Data folder: ${path.join(project, 'platform-data')}`);
      expect(output).toContain('Fault injection is on');
      expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ ok: true });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    }
  }, 120_000);
});
