// The platform client as an outside developer gets it: `npm run pack:client`'s tarball, installed
// into an empty project outside the repository, used from plain node as ESM and as CommonJS against
// a real local platform (real costume workflow), and type-checked with --strict under nodenext and
// bundler resolution.
import { execFile } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledPackages } from '../../scripts/pack-client';
import { CLIENT_README, measureClientSizes, readmeSizes } from '../../scripts/client-sizes';
import { PROJECT_TOKEN, testApp, type TestApp } from '../server/helpers';
import { packedClient } from './packs';
import { fencedBlocks, runnableSource, seenBy, typeCheckSource } from './readme-snippets';

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
  tarball = await packedClient();
  project = mkdtempSync(path.join(tmpdir(), 'pawloween-consumer-'));
  writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  cpSync(path.join(import.meta.dirname, 'consumer'), project, { recursive: true });
  // The tarball and its peer, nothing else: the project cannot see the repository's sources. The
  // README's own install line does it, run as written beside the tarball.
  cpSync(tarball, path.join(project, path.basename(tarball)));
  const install = fencedBlocks(readFileSync(CLIENT_README, 'utf8')).find(
    (block) => block.lang === 'sh' && block.code.includes('npm install'),
  );
  if (!install) throw new Error('the client README has no install block');
  await run('sh', ['-e', '-c', install.code], {
    cwd: project,
    env: {
      ...process.env,
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_prefer_offline: 'true',
    },
  });
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
  // The tarball stays in packs/ (git ignores it): tests/package/platform-consumer.test.ts shares it.
});

describe('the packed client', () => {
  it('holds the built library, its types, README and licence, and no tests or test helpers', async () => {
    const { stdout } = await run('tar', ['tzf', tarball]);
    const files = stdout.trim().split('\n').sort();
    expect(files).toEqual(
      [
        'package/LICENSE',
        'package/README.md',
        'package/THIRD_PARTY_NOTICES.md',
        // The entries, and the code two entries share in a chunk of its own.
        ...['errors', 'index', 'transport-errors', 'urls'].flatMap((name) =>
          ['cjs', 'd.cts', 'd.mts', 'mjs'].map((ext) => `package/dist/${name}.${ext}`),
        ),
        'package/dist/urls2.cjs',
        'package/dist/urls2.mjs',
        // For node10 resolution, which knows no `exports`.
        'package/errors/package.json',
        'package/package.json',
        'package/urls/package.json',
      ].sort(),
    );
  });

  it('leaves only the tarball in packs/: no unpacked copy for eslint, prettier or knip to meet', () => {
    expect(readdirSync(path.dirname(tarball))).toEqual([path.basename(tarball)]);
  });

  it('says where it comes from, and its README and types speak of nothing a consumer lacks', async () => {
    const read = async (file: string) =>
      (await run('tar', ['xzOf', tarball, `package/${file}`], { maxBuffer: 16 * 1024 * 1024 }))
        .stdout;
    const manifest = JSON.parse(await read('package.json')) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      repository: {
        type: 'git',
        url: expect.stringMatching(/^git\+https:\/\//),
        directory: 'adapters/platform',
      },
      homepage: expect.stringMatching(/^https:\/\//),
      bugs: { url: expect.stringMatching(/^https:\/\//) },
    });
    const { stdout } = await run('tar', ['tzf', tarball]);
    const shipped = stdout
      .trim()
      .split('\n')
      .map((file) => file.replace(/^package\//, ''))
      .filter((file) => file === 'README.md' || /\.d\.[cm]ts$/.test(file));
    expect(shipped.length).toBeGreaterThan(4);
    for (const file of shipped)
      expect(await read(file), file).not.toMatch(/this repository|SPEC\.md|DESIGN\.md/i);
  });

  it('ships the licence of every package bundled into it, and lies where no build cleans', async () => {
    expect(path.relative(path.join(repo, 'dist'), tarball).startsWith('..')).toBe(true);
    const { stdout: notices } = await run('tar', [
      'xzOf',
      tarball,
      'package/THIRD_PARTY_NOTICES.md',
    ]);
    const bundled = bundledPackages();
    expect(bundled.map((entry) => entry.name)).toEqual(['jose']);
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
        events: ['run', 'output:image_output', 'output:video_output', 'usage', 'done'],
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

describe("the ecosystem's own checks of the tarball", () => {
  const bin = (name: string) => path.join(repo, 'node_modules/.bin', name);

  it('@arethetypeswrong/cli finds no problem in any entry, under node10, node16 and bundler', async () => {
    const { stdout } = await run(bin('attw'), [tarball, '--format', 'json'], { cwd: project });
    const report = JSON.parse(stdout) as {
      problems: Record<string, unknown>;
      analysis: { problems: unknown[]; entrypoints: Record<string, unknown> };
    };
    expect(report.problems).toEqual({});
    expect(report.analysis.problems).toEqual([]);
    expect(Object.keys(report.analysis.entrypoints).sort()).toEqual([
      '.',
      './errors',
      './package.json',
      './urls',
    ]);
  });

  it('publint --strict has nothing to say', async () => {
    const { stdout } = await run(bin('publint'), ['--strict', tarball], { cwd: project });
    expect(stdout).toContain('All good!');
  });
});

describe('the subpaths /errors and /urls', () => {
  it('load alone from plain node as ESM and as CommonJS, the same classes as the main entry', async () => {
    const esm = `import { PlatformError, RateLimitError, ERROR_CODES } from '@pawloween/platform-client/errors';
import { pricingPageUrl } from '@pawloween/platform-client/urls';
import * as main from '@pawloween/platform-client';
console.log(JSON.stringify({
  same: main.PlatformError === PlatformError && main.RateLimitError === RateLimitError,
  typed: new RateLimitError({ statusCode: 429 }) instanceof PlatformError,
  code: ERROR_CODES.validation,
  url: typeof pricingPageUrl,
}));`;
    const cjs = `const { PlatformError, RateLimitError, ERROR_CODES } = require('@pawloween/platform-client/errors');
const { pricingPageUrl } = require('@pawloween/platform-client/urls');
console.log(JSON.stringify({
  same: require('@pawloween/platform-client').PlatformError === PlatformError,
  typed: new RateLimitError({ statusCode: 429 }) instanceof PlatformError,
  code: ERROR_CODES.validation,
  url: typeof pricingPageUrl,
}));`;
    for (const [file, text] of [
      ['subpaths.mjs', esm],
      ['subpaths.cjs', cjs],
    ] as const) {
      writeFileSync(path.join(project, file), text);
      const { stdout } = await run(process.execPath, [file], { cwd: project });
      expect(JSON.parse(stdout)).toEqual({
        same: true,
        typed: true,
        code: 'VALIDATION_ERROR',
        url: 'function',
      });
    }
  });

  it("README's size table is what the shipped build measures, and the subpaths are small", async () => {
    const measured = await measureClientSizes(tarball);
    const written = readmeSizes(readFileSync(CLIENT_README, 'utf8'));
    expect(written.map((row) => row.label)).toEqual(measured.map((row) => row.label));
    for (const [index, row] of measured.entries())
      // A dependency's patch release may move a figure a little; anything more is a stale table.
      expect(
        Math.abs(written[index]!.kb - row.kb),
        `${row.label}: README ${written[index]!.kb} KB, measured ${row.kb} KB`,
      ).toBeLessThanOrEqual(Math.max(0.1, row.kb * 0.03));
    const kb = (from: string) => measured.find((row) => row.label.startsWith(from))!.kb;
    // Counted as an app ships them, zod included: the error classes carry no zod (90 KB and more).
    expect(kb('every error class')).toBeLessThan(4);
    expect(kb('one error class')).toBeLessThan(3);
    expect(kb('`authorizationPageUrl`')).toBeLessThan(1);
  });
});

describe("the client README's snippets, as written", () => {
  const blocks = () => fencedBlocks(readFileSync(CLIENT_README, 'utf8'));
  const snippet = (marker: string) => {
    const found = blocks().filter((block) => block.lang === 'ts' && block.code.includes(marker));
    expect(found, marker).toHaveLength(1);
    return found[0]!;
  };

  /** One text from each ts block, each run by a test below: a block no test runs fails the suite. */
  const RUN = {
    signIn: 'signedIn',
    costume: 'run.stream({ model: COSTUME_WORKFLOW_ID',
    relay: 'toReadableStream()',
    runById: 'client.runs.cancel(run.runId)',
    recovery: 'client.run.create(params)',
    files: 'toFile(',
    storage: 'storage.update',
    raw: '.withResponse()',
    logging: "logLevel: 'info'",
    subpaths: '/errors',
  } as const;

  it('runs every ts block of the README: each is one of the runs below', () => {
    for (const block of blocks().filter((each) => each.lang === 'ts'))
      expect(
        Object.values(RUN).filter((marker) => block.code.includes(marker)),
        `the block at line ${block.line}`,
      ).toHaveLength(1);
  });

  /** Runs one snippet in the consumer project; what the page and the app around it saw. */
  async function runSnippet(marker: string, env: Record<string, string> = {}) {
    const file = path.join(project, 'readme', `run-${marker.replace(/\W+/g, '-')}.mjs`);
    writeFileSync(file, runnableSource(snippet(marker), { 'http://127.0.0.1:8787': baseUrl }));
    const { stdout, stderr } = await run(process.execPath, [file], {
      cwd: project,
      env: {
        ...process.env,
        BASE_URL: baseUrl,
        PROJECT_TOKEN,
        PET_PNG: path.join(project, 'pet.png'),
        COSTUME_PNG: path.join(project, 'costume.png'),
        ...env,
      },
    });
    return { ...seenBy(stdout), stdout, stderr };
  }

  /** A signed-in person's access token, as the platform's sign-in page hands it back. */
  async function accessToken(email: string): Promise<string> {
    const answer = await fetch(`${baseUrl}/auth/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email,
        project_token: PROJECT_TOKEN,
        redirect_uri: `${baseUrl}/`,
      }),
    });
    return new URL(answer.headers.get('location')!).searchParams.get('accessToken')!;
  }

  it('type-check, every ts block, against the installed package as the Vite React template checks (no unused names)', async () => {
    const dir = path.join(project, 'readme');
    const ts = blocks().filter((block) => block.lang === 'ts');
    expect(ts.length).toBeGreaterThanOrEqual(4);
    const files = ts.map((block, index) => {
      const file = `snippet-${index + 1}-line-${block.line}.ts`;
      writeFileSync(path.join(dir, file), typeCheckSource(block));
      return file;
    });
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          module: 'ESNext',
          moduleResolution: 'bundler',
          moduleDetection: 'force',
          strict: true,
          noUnusedLocals: true,
          noUnusedParameters: true,
          noFallthroughCasesInSwitch: true,
          verbatimModuleSyntax: true,
          erasableSyntaxOnly: true,
          skipLibCheck: true,
          noEmit: true,
          types: [],
        },
        files: ['globals.d.ts', ...files],
      }),
    );
    const result = await run(process.execPath, [tsc, '-p', path.join(dir, 'tsconfig.json')], {
      cwd: project,
    }).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
    expect(result).toBe('');
  });

  it('sign-in: a page with no token leaves for the sign-in page and starts nothing else', async () => {
    const { seen } = await runSnippet(RUN.signIn, { PAGE_URL: 'http://app.test/costumes' });
    expect(seen).toHaveLength(1);
    const [what, where] = seen[0]!;
    expect(what).toBe('navigate');
    const signIn = new URL(where as string);
    expect(`${signIn.origin}${signIn.pathname}`).toBe(`${baseUrl}/auth`);
    expect(signIn.searchParams.get('redirect_uri')).toBe('http://app.test/costumes');
    expect(signIn.searchParams.get('project_token')).toBe(PROJECT_TOKEN.replace(/=+$/, ''));
  });

  it('sign-in: back with a token, the address loses it and the balance is read', async () => {
    const token = await accessToken('readme-sign-in@example.com');
    const { seen } = await runSnippet(RUN.signIn, {
      PAGE_URL: `http://app.test/costumes?accessToken=${token}&tab=gallery`,
    });
    expect(seen).toEqual([
      ['replaceState', 'http://app.test/costumes?tab=gallery'],
      ['showBalance', 'number'],
    ]);
  });

  it('a costume run: the image, then the video, then the usage', async () => {
    const token = await accessToken('readme-costume@example.com');
    const { seen } = await runSnippet(RUN.costume, {
      ACCESS_TOKEN: token,
    });
    expect(seen).toEqual([
      ['showImage', 'string'],
      ['showVideo', 'string'],
      ['showBalance', 'number'],
    ]);
  }, 120_000);

  it('a run by id: stopped after its image, charged the image alone, as the platform says', async () => {
    const token = await accessToken('readme-runs@example.com');
    const { seen, stdout } = await runSnippet(RUN.runById, {
      ACCESS_TOKEN: token,
    });
    expect(seen).toEqual([['showImage', 'string']]);
    expect(stdout).toMatch(/^cancelled: \$0\.20 charged$/m);
    const usage = await fetch(`${baseUrl}/v1/subscriptions/usage`, {
      headers: { 'x-sub-dev-access-token': token },
    });
    expect((await usage.json()).credits.userBalance.usedCredits).toBe(0.2);
  }, 120_000);

  it('recovery: a streamed run answers run.create with its key, the same run in one shape, charged once', async () => {
    const token = await accessToken('readme-recovery@example.com');
    const { stdout } = await runSnippet(RUN.recovery, { ACCESS_TOKEN: token });
    expect(stdout).toMatch(/^true 1 1$/m);
    const usage = await fetch(`${baseUrl}/v1/subscriptions/usage`, {
      headers: { 'x-sub-dev-access-token': token },
    });
    expect((await usage.json()).credits.userBalance.usedCredits).toBe(0.5);
  }, 120_000);

  it('raw response: the balance with the status and the request id', async () => {
    const token = await accessToken('readme-raw@example.com');
    const { stdout } = await runSnippet(RUN.raw, { ACCESS_TOKEN: token });
    expect(stdout).toMatch(/^\d+(\.\d+)? 200 (?!undefined|null)\S+$/m);
    // asResponse() on a client made by withOptions(): the plan's answer, read as it came.
    expect(stdout).toMatch(/^200 none$/m);
  }, 30_000);

  it('storage: the update is stored', async () => {
    const token = await accessToken('readme-storage@example.com');
    const { stored } = await runSnippet(RUN.storage, { ACCESS_TOKEN: token });
    expect(stored).toMatchObject({ pets: ['Rex'] });
  });

  it('the subpath imports load and run', async () => {
    const { seen } = await runSnippet(RUN.subpaths);
    expect(seen).toEqual([]);
  });

  it('relay: the run the platform took, as JSON lines with a 200', async () => {
    const token = await accessToken('readme-relay@example.com');
    const { stdout } = await runSnippet(RUN.relay, { ACCESS_TOKEN: token });
    expect(stdout).toMatch(/^200 application\/x-ndjson$/m);
    expect(stdout).toMatch(/^"[^"\n]+"$/m);
  }, 30_000);

  it('relay: a refused run answers its own status, not a 200 holding the refusal', async () => {
    const { stdout } = await runSnippet(RUN.relay, { ACCESS_TOKEN: 'not-a-token' });
    expect(stdout).toMatch(/^401 application\/json$/m);
  }, 30_000);

  it('files: a path and a fetch Response make a costume run, its answer typed, its video told from its bytes', async () => {
    const token = await accessToken('readme-files@example.com');
    const { stdout } = await runSnippet(RUN.files, { ACCESS_TOKEN: token });
    expect(stdout).toMatch(/^http:\/\/\S+\/files\/\S+\.png http:\/\/\S+\/files\/\S+\.mp4$/m);
    expect(stdout).toMatch(/^video\/mp4$/m);
  }, 120_000);

  it('logging: a refused call is a warning naming the request, with no token in it', async () => {
    const { stdout, stderr } = await runSnippet(RUN.logging);
    expect(stdout).toMatch(/^AuthenticationError: /m);
    expect(stderr).toMatch(/^\[platform\] GET \/v1\/storage failed: 401 AUTHENTICATION_FAILED: /m);
  }, 30_000);

  it('install: the tarball is the one the README names, where it says', () => {
    const install = blocks().find((block) => block.lang === 'sh' && block.code.includes('.tgz'));
    expect(install?.code).toContain(`./${path.basename(tarball)}`);
    expect(readFileSync(CLIENT_README, 'utf8')).toContain(
      `packs/platform-client/${path.basename(tarball)}`,
    );
    expect(path.relative(repo, tarball)).toBe(`packs/platform-client/${path.basename(tarball)}`);
  });
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
  });
});
