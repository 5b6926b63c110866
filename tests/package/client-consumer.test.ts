// The platform client as an outside developer gets it: `npm run pack:client`'s tarball, installed
// into an empty project outside the repository, used from plain node as ESM and as CommonJS against
// a real local platform (real costume workflow), and type-checked with --strict under nodenext and
// bundler resolution.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledPackages, packClient } from '../../scripts/pack-client';
import { PROJECT_TOKEN, testApp, type TestApp } from '../server/helpers';

const run = promisify(execFile);

/** A strict tsconfig for one consumer file, resolving modules the way `resolution` says. */
function writeTsconfig(file: string, resolution: 'nodenext' | 'bundler', sources: string[]) {
  writeFileSync(
    file,
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        lib: ['ES2022', 'DOM'],
        module: resolution === 'nodenext' ? 'NodeNext' : 'ESNext',
        moduleResolution: resolution === 'nodenext' ? 'NodeNext' : 'Bundler',
        types: [],
      },
      files: sources,
    }),
  );
}
const repo = path.resolve(import.meta.dirname, '../..');
const tsc = path.join(repo, 'node_modules/typescript/bin/tsc');

let tarball: string;
let project: string;
let platform: TestApp;
let baseUrl: string;

beforeAll(async () => {
  tarball = await packClient({ quiet: true });
  project = mkdtempSync(path.join(tmpdir(), 'pawloween-consumer-'));
  writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  cpSync(path.join(import.meta.dirname, 'consumer'), project, { recursive: true });
  // The tarball and its peer, nothing else: the project cannot see the repository's sources.
  await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball, 'zod@^4.2.0'],
    { cwd: project },
  );
  for (const [name, color] of [
    ['pet.png', '#8a5a2b'],
    ['costume.png', '#3b1f5c'],
  ] as const)
    await sharp({ create: { width: 256, height: 256, channels: 3, background: color } })
      .png()
      .toFile(path.join(project, name));

  platform = await testApp({ renderCostume: undefined });
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(platform.app.server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await platform?.close();
  if (project) rmSync(project, { recursive: true, force: true });
  rmSync(path.dirname(tarball), { recursive: true, force: true });
});

describe('the packed client', () => {
  it('holds the built library, its types, README and licence, and no tests or test helpers', async () => {
    const { stdout } = await run('tar', ['tzf', tarball]);
    const files = stdout.trim().split('\n').sort();
    expect(files).toEqual([
      'package/LICENSE',
      'package/README.md',
      'package/THIRD_PARTY_NOTICES.md',
      'package/dist/index.cjs',
      'package/dist/index.d.cts',
      'package/dist/index.d.mts',
      'package/dist/index.mjs',
      'package/package.json',
    ]);
  });

  it('ships the licence of every package bundled into it, and lies where no build cleans', async () => {
    expect(path.relative(path.join(repo, 'dist'), tarball).startsWith('..')).toBe(true);
    const { stdout: notices } = await run('tar', [
      'xzOf',
      tarball,
      'package/THIRD_PARTY_NOTICES.md',
    ]);
    const bundled = bundledPackages();
    expect(bundled.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['eventemitter3', 'jose', 'p-queue', 'p-timeout']),
    );
    for (const entry of bundled) {
      expect(notices).toContain(`## ${entry.name} ${entry.version} (MIT)`);
    }
    // The licence texts themselves, not just the names.
    expect(notices.match(/Permission is hereby granted, free of charge/g)?.length).toBe(
      bundled.length,
    );
  });

  it.each([
    ['ESM', 'journey.mjs'],
    ['CommonJS', 'journey.cjs'],
  ])(
    'works from plain node as %s: sign-in, usage, a streamed costume run, If-Match, a typed error',
    async (_, script) => {
      const { stdout } = await run(process.execPath, [script], {
        cwd: project,
        env: {
          ...process.env,
          BASE_URL: baseUrl,
          PROJECT_TOKEN,
          EMAIL: `consumer-${script}@example.com`,
          PET_PNG: path.join(project, 'pet.png'),
          COSTUME_PNG: path.join(project, 'costume.png'),
        },
      });
      const findings = JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>;
      expect(findings).toMatchObject({
        spent: 0.5,
        events: ['output:image_output', 'output:video_output', 'usage', 'done'],
        media: ['png', 'mp4'],
        requestId: 'string',
        stored: { pets: ['Rex', 'Mia'] },
        stale: { preconditionFailed: true, status: 412 },
        typed: { validation: true, code: 'VALIDATION_ERROR', action: 'none' },
        shown: false,
      });
      if (script.endsWith('.cjs')) expect(findings.format).toBe('object');
    },
    120_000,
  );

  it('instanceof holds when an error of the CommonJS build meets the ESM classes', async () => {
    const { stdout } = await run(process.execPath, ['dual-build.mjs'], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({
      distinctClasses: true,
      cjsErrorIsEsmPlatformError: true,
      cjsErrorIsEsmInsufficientBalance: true,
      cjsErrorIsEsmValidation: false,
      esmErrorIsCjsValidation: true,
      status: 402,
    });
  });

  it.each(['nodenext', 'bundler'] as const)(
    'type-checks with --strict under moduleResolution %s against the installed types',
    async (resolution) => {
      const config = path.join(project, `tsconfig.${resolution}.json`);
      writeTsconfig(config, resolution, ['types.ts']);
      const result = await run(process.execPath, [tsc, '-p', config], { cwd: project }).catch(
        (error: { stdout: string }) => ({ stdout: error.stdout, failed: true }),
      );
      expect(result.stdout).toBe('');
    },
    60_000,
  );
});

describe('a type error in the consumer is caught, not hidden by any', () => {
  it('a wrong event field fails the check', async () => {
    const broken = path.join(project, 'broken');
    mkdirSync(broken, { recursive: true });
    writeFileSync(
      path.join(broken, 'broken.ts'),
      `import { PlatformClient } from '@pawloween/platform-client';
for await (const event of new PlatformClient().run.stream({ model: 'workflow/costume', input: {} }))
  if (event.type === 'usage') console.log(event.url);
`,
    );
    const config = path.join(broken, 'tsconfig.json');
    writeTsconfig(config, 'nodenext', ['broken.ts']);
    const result = await run(process.execPath, [tsc, '-p', config], { cwd: project }).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
    expect(result).toContain("Property 'url' does not exist");
  }, 60_000);
});
