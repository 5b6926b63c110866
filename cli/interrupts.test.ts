import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { PNG_BYTES } from '../tests/server/helpers';
import { gatedRenderer } from '../tests/support/gated-renderer';
import { runCli } from './program';
import { cliTestPlatform } from './testing/cli-test-platform';
import { memoryIo } from './testing/memory-io';
import { inPty } from './testing/pty';

const gated = gatedRenderer();
const shared = cliTestPlatform({ renderCostume: gated.renderer });
const until = (check: () => void | Promise<void>) =>
  vi.waitFor(check, { timeout: 15_000, interval: 25 });

const CURSOR_SHOWN = '\u001b[?25h';
const WRAP_ON = '\u001b[?7h';

async function galleryIds(cli: (...args: string[]) => Promise<{ out: string }>) {
  const items = JSON.parse((await cli('gallery', 'list', '--json')).out) as { id: string }[];
  return items.map((item) => item.id);
}

async function balance(cli: (...args: string[]) => Promise<{ out: string }>) {
  return (JSON.parse((await cli('usage', '--json')).out) as { remainingCredits: number })
    .remainingCredits;
}

describe('Ctrl-C during generate', () => {
  it('the first lets the paid run finish into the gallery, gives the terminal back and says what happened', async () => {
    const { env, cli } = await shared.newUser();
    const out = mkdtempSync(path.join(shared.home, 'first-'));
    const before = await balance(cli);
    const io = memoryIo(env, { terminal: true });
    const running = runCli(['generate', '--pet', 'dog1', '--costume', 'vampire', '--out', out], io);
    await until(() => expect(io.stderr.text()).toContain('0% | Image'));

    io.interrupt();
    expect(io.stderr.text()).toContain(CURSOR_SHOWN);
    expect(io.stderr.text()).toContain('The run is already on the platform');
    expect(io.exited).toBeUndefined();

    gated.releaseImage();
    gated.releaseVideo();
    expect(await running).toBe(130);
    const [id] = await galleryIds(cli);
    expect(id).toBeDefined();
    const charged = before - (await balance(cli));
    expect(charged).toBeGreaterThan(0);
    expect(io.stderr.text()).toContain(`saved to your gallery as ${id}`);
    expect(io.stderr.text()).toContain('charged');
    expect(io.stderr.text()).toContain(`pawloween gallery export ${out}`);
    // Nothing half-written: not even the early image's partial file.
    expect(readdirSync(out)).toEqual([]);
  });

  it('a second before the image quits at once and says nothing is charged or saved', async () => {
    const { env } = await shared.newUser();
    const out = mkdtempSync(path.join(shared.home, 'second-'));
    const io = memoryIo(env, { terminal: true });
    const running = runCli(['generate', '--pet', 'dog1', '--costume', 'vampire', '--out', out], io);
    await until(() => expect(io.stderr.text()).toContain('0% | Image'));

    io.interrupt();
    io.interrupt();
    expect(io.exited).toBe(130);
    expect(io.stderr.text()).toContain(
      'Quit before the platform delivered anything: it charges nothing for this run, and nothing is saved',
    );
    gated.releaseImage();
    gated.releaseVideo();
    // A real process is gone by now (the terminal test below shows it); here the command's
    // promise is left to end on its own.
    await running;
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
  it('gives the cursor and line wrap back, says so and exits 130, with nothing left in --out and nothing charged', async () => {
    const { env, cli } = await shared.newUser();
    const before = await balance(cli);
    const out = mkdtempSync(path.join(shared.home, 'pty-'));
    const session = inPty(['generate', '--pet', 'dog1', '--costume', 'vampire', '--out', out], env);
    await until(() => expect(session.output()).toContain('% | Image'));
    session.type('\u0003');
    await until(() => expect(session.output()).toContain('The run is already on the platform'));
    session.type('\u0003');
    expect(await session.exited).toBe(130);
    const shown = session.output();
    // Quit before the image: the platform charges nothing, as the CLI says (issue 41, item 5).
    expect(shown).toContain('it charges nothing for this run');
    expect(shown.lastIndexOf(CURSOR_SHOWN)).toBeGreaterThan(shown.lastIndexOf('\u001b[?25l'));
    expect(shown.lastIndexOf(WRAP_ON)).toBeGreaterThan(shown.lastIndexOf('\u001b[?7l'));
    expect(readdirSync(out)).toEqual([]);
    // The platform still holds that render; let it go: it ends uncharged.
    gated.releaseImage();
    gated.releaseVideo();
    await until(async () => expect(await balance(cli)).toBe(before));
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
