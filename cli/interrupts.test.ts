import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatUsd } from '../domain/use-cases/error-presentation';
import { PNG_BYTES, userHeaders } from '../tests/server/helpers';
import { gatedRenderer } from '../tests/support/gated-renderer';
import { runCli } from './program';
import { cliTestPlatform } from './testing/cli-test-platform';
import { memoryIo } from './testing/memory-io';
import { inPty } from './testing/pty';
import { finished, spawnCli } from './testing/spawn-cli';

// Fresh gates for each test; a run an earlier test left held (cancelled, failed) is let go.
let gated = gatedRenderer();
const shared = cliTestPlatform({ renderCostume: (run) => gated.renderer(run) });
beforeEach(() => {
  gated.openAll();
  gated = gatedRenderer();
});
afterAll(() => gated.openAll());
const until = <T>(check: () => T | Promise<T>) =>
  vi.waitFor(check, { timeout: 15_000, interval: 25 });

const CURSOR_SHOWN = '\u001b[?25h';
const WRAP_ON = '\u001b[?7h';

async function galleryIds(cli: (...args: string[]) => Promise<{ out: string }>) {
  const items = JSON.parse((await cli('gallery', 'list', '--json')).out) as { id: string }[];
  return items.map((item) => item.id);
}

const GENERATE = ['--pet', 'dog1', '--costume', 'vampire'];

/** The run id --debug shows once the platform named the run. */
function runIdIn(shown: string): string {
  const id = /\[debug\] run ([0-9a-f-]{36})/.exec(shown)?.[1];
  expect(id).toBeDefined();
  return id!;
}

/** The run as the platform reports it to its owner (GET /v1/runs/:id). */
async function runById(id: string, token: string) {
  const answer = await fetch(`${shared.platform.baseUrl}/v1/runs/${id}`, {
    headers: userHeaders(token),
  });
  return (await answer.json()) as { status: string; output: unknown[]; usage: { cost: number } };
}

/** Where the platform keeps a run's files. */
const filesOf = (id: string) => path.join(shared.platform.app.platform.filesDir, id);

async function balance(cli: (...args: string[]) => Promise<{ out: string }>) {
  return (JSON.parse((await cli('usage', '--json')).out) as { remainingCredits: number })
    .remainingCredits;
}

describe('Ctrl-C during generate', () => {
  it('the first lets the paid run finish into the gallery, gives the terminal back and says what happened', async () => {
    const { env, cli } = await shared.newUser();
    const out = mkdtempSync(path.join(shared.home, 'first-'));
    const before = await balance(cli);
    const io = memoryIo(env, { terminal: true, interactive: true });
    const running = runCli(['generate', '--pet', 'dog1', '--costume', 'vampire', '--out', out], io);
    await until(() => expect(io.stderr.text()).toContain('0% | Image'));

    io.interrupt();
    expect(io.stderr.text()).toContain(CURSOR_SHOWN);
    await until(() => expect(io.stderr.text()).toContain('cancelling the run is free'));
    expect(io.exited).toBeUndefined();

    gated.releaseImage();
    gated.releaseVideo();
    expect(await running).toBe(130);
    const [id] = await galleryIds(cli);
    expect(id).toBeDefined();
    const charged = before - (await balance(cli));
    expect(charged).toBeGreaterThan(0);
    // What it cost, as the run's answer said: what left the balance.
    expect(io.stderr.text()).toContain(
      `saved to your gallery as ${id} (${formatUsd(charged)} charged)`,
    );
    expect(io.stderr.text()).toContain(`pawloween gallery export ${out}`);
    // Nothing half-written: not even the early image's partial file.
    expect(readdirSync(out)).toEqual([]);
  });
});

describe('Ctrl-C during batch', () => {
  it('starts no new combination, saves the running ones and reports the rest as not started', async () => {
    const { env, cli } = await shared.newUser();
    const startedBefore = gated.started();
    const io = memoryIo(env);
    const costumes = ['bat', 'cat'].map((name) => {
      const file = path.join(shared.home, `${name}.png`);
      writeFileSync(file, PNG_BYTES);
      return file;
    });
    const running = runCli(
      [
        'batch',
        '--pets',
        'dog1',
        '--costumes',
        ['vampire', ...costumes].join(','),
        '--concurrency',
        '1',
      ],
      io,
    );
    await until(() => expect(gated.started()).toBe(startedBefore + 1));
    io.interrupt();
    gated.releaseImage();
    gated.releaseVideo();
    expect(await running).toBe(130);
    expect(gated.started()).toBe(startedBefore + 1);
    expect(await galleryIds(cli)).toHaveLength(1);
    expect(io.stdout.text()).toMatch(/not started/);
    expect(io.stderr.text()).toContain(
      '1 of 3 were made and saved to your gallery; 2 never started (nothing was charged for them).',
    );
  });
});

describe('Ctrl-C in a real terminal', () => {
  it('before the image: the first offers a free cancel, the second cancels the run on the platform (nothing charged, its files gone) and quits', async () => {
    const { env, cli, token } = await shared.newUser();
    const before = await balance(cli);
    const out = mkdtempSync(path.join(shared.home, 'pty-'));
    const session = inPty(['generate', '--debug', ...GENERATE, '--out', out], env);
    try {
      const id = await until(() => runIdIn(session.output()));
      session.type('\u0003');
      await until(() =>
        expect(session.output()).toContain(
          'Nothing has been delivered yet, so cancelling the run is free.',
        ),
      );
      expect(session.output()).toContain('Press Ctrl-C again to cancel it.');
      session.type('\u0003');
      expect(await session.exited).toBe(130);
      const shown = session.output();
      expect(shown).toContain(`Cancelled run ${id}: nothing was charged.`);
      expect(shown.lastIndexOf(CURSOR_SHOWN)).toBeGreaterThan(shown.lastIndexOf('\u001b[?25l'));
      expect(shown.lastIndexOf(WRAP_ON)).toBeGreaterThan(shown.lastIndexOf('\u001b[?7l'));
      expect(readdirSync(out)).toEqual([]);
      // Cancelled, not left: settled at once, and the platform says so.
      expect(await balance(cli)).toBe(before);
      expect(await runById(id, token)).toMatchObject({ status: 'cancelled', output: [] });
      gated.openAll();
      await until(() => expect(existsSync(filesOf(id))).toBe(false));
      expect(await balance(cli)).toBe(before);
    } finally {
      gated.openAll();
    }
  });

  it('after the image: the offer says the $0.20 the platform charged for it, and the second cancels at that charge, as the platform reports', async () => {
    const { env, cli, token } = await shared.newUser();
    const before = await balance(cli);
    const out = mkdtempSync(path.join(shared.home, 'pty-image-'));
    const session = inPty(['generate', '--debug', ...GENERATE, '--out', out], env);
    try {
      const id = await until(() => runIdIn(session.output()));
      gated.releaseImage();
      await until(() => expect(session.output()).toContain('| Video'));
      session.type('\u0003');
      await until(() =>
        expect(session.output()).toContain(
          'If you cancel now, the platform has charged $0.20 for the image it delivered; the video is not made or charged.',
        ),
      );
      session.type('\u0003');
      expect(await session.exited).toBe(130);
      expect(session.output()).toContain(
        `Cancelled run ${id}: the platform charged $0.20 for what it had delivered.`,
      );
      expect(before - (await balance(cli))).toBeCloseTo(0.2, 6);
      expect(await runById(id, token)).toMatchObject({
        status: 'cancelled',
        usage: { cost: 0.2 },
      });
      expect(readdirSync(out)).toEqual([]);
    } finally {
      gated.openAll();
    }
  });

  it('with stdin a pipe, the first Ctrl-C cancels the run and quits at once, saying what the platform charged', async () => {
    const { env, cli, token } = await shared.newUser();
    const before = await balance(cli);
    const out = mkdtempSync(path.join(shared.home, 'piped-'));
    const child = spawnCli(['generate', '--debug', ...GENERATE, '--out', out], env, {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const done = finished(child);
    try {
      const id = await until(() => runIdIn(err));
      child.kill('SIGINT');
      const { code } = await done;
      expect(code).toBe(130);
      expect(err).toContain(`Cancelled run ${id}: nothing was charged.`);
      expect(err).not.toContain('Press Ctrl-C again');
      expect(await balance(cli)).toBe(before);
      expect(await runById(id, token)).toMatchObject({ status: 'cancelled' });
      expect(readdirSync(out)).toEqual([]);
    } finally {
      child.kill('SIGKILL');
      gated.openAll();
    }
  });

  it('a command without its own handling (waiting on a platform that never answers) exits 130 on the first, saying so', async () => {
    let connected = 0;
    const silent = createServer(() => (connected += 1));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const { env } = await shared.newUser();
      const session = inPty(['usage'], { ...env, PAWLOWEEN_BASE_URL: `http://127.0.0.1:${port}` });
      await until(() => expect(connected).toBeGreaterThan(0));
      session.type('\u0003');
      expect(await session.exited).toBe(130);
      expect(session.output()).toContain('Interrupted.');
      expect(session.output()).not.toMatch(/at .*\.ts:\d+/);
    } finally {
      silent.close();
    }
  });
});
