// Issue 32: a data URL whose media type is millions of ';' cost 306 MB that was never given back;
// six at once peaked at 1.76 GB and stalled /healthz past 1 s (the media type was split before any
// length check). Against the real server process: six such runs at once are refused with 400,
// /healthz keeps answering, and RSS stays within a budget over idle. How fast /healthz answers
// meanwhile is measured by bench/hostile.bench.ts (npm run bench -- hostile).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COSTUME_WORKFLOW_ID } from '../../domain/model/workflow';
import {
  freePort,
  startServer,
  type ServerProcess,
  stopStartedServers,
} from './support/server-process';
import { signInOverHttp } from './support/sign-in-over-http';
import { rssMb, underWatch } from './support/under-watch';

/** Six bodies of 2 x 6 MB are read, parsed and refused: what that needs, far below what a split of them took. */
const RSS_BUDGET_MB = 250;

const dataDir = mkdtempSync(path.join(tmpdir(), 'pawloween-data-url-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await stopStartedServers();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('data URLs bounded by length before they are parsed', () => {
  it('six runs at once with millions of ";" in the media type: 400 each, /healthz answers, memory bounded', async () => {
    const port = await freePort();
    server = await startServer(dataDir, port);
    const { baseUrl } = server;
    const pid = server.child.pid!;
    const token = await signInOverHttp(baseUrl, 'semicolons@example.com');
    const idle = rssMb(pid);
    const semicolons = (tail: string) => `data:image/png${';'.repeat(6_000_000)}${tail}`;
    const body = (tail: string) =>
      JSON.stringify({
        model: COSTUME_WORKFLOW_ID,
        input: {
          upload_your_pets_photo: semicolons(tail),
          upload_costume_character: semicolons(tail),
        },
      });
    const bodies = [body(';base64,AAAA'), body('')];

    const {
      result: answers,
      healthzMissed,
      peakRssMb: peak,
    } = await underWatch(
      { baseUrl, pid },
      () =>
        Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            fetch(`${baseUrl}/v1/run`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-sub-dev-access-token': token },
              body: bodies[i % 2],
            }).then(async (response) => ({ status: response.status, body: await response.text() })),
          ),
        ),
      50,
    );

    console.log(`six ';' data URLs at once: RSS peak +${(peak - idle).toFixed(0)} MB over idle`);
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toContain('upload_your_pets_photo');
    }
    expect(healthzMissed, '/healthz unanswered').toBe(0);
    expect(peak - idle).toBeLessThan(RSS_BUDGET_MB);
  });
});
