// Issue 39, point 6: a 9000 x 9000 photo keeps the platform under +300 MB. Against the real
// server process, POST /v1/pets/locate (free, so the cheapest call to aim at the locator) gets the
// largest pictures a caller can send inside the 10 MB upload: a 9000 x 9000 photo (81 MP, over the
// 40 MP an input may have) is refused by its header with its size named, before it is decoded; a
// 36 MP photo at the limit is decoded, shrunk and located, four at once. /healthz answers all the
// while and the process's RSS stays within the budget over a platform that has located a photo.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../domain/model/constants';
import {
  freePort,
  startServer,
  stopStartedServers,
  type ServerProcess,
} from './support/server-process';
import { signInOverHttp } from './support/sign-in-over-http';
import { rssMb, underWatch } from './support/under-watch';

/** The budget for the whole look at a 9000 x 9000 photo. */
const RSS_BUDGET_MB = 300;

const dataDir = mkdtempSync(path.join(tmpdir(), 'pawloween-locate-memory-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await stopStartedServers();
  rmSync(dataDir, { recursive: true, force: true });
});

const dataUrl = (jpeg: Buffer) => {
  expect(jpeg.length).toBeLessThanOrEqual(LIMITS.maxUploadBytes);
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
};

/** A real pet photograph blown up to `side` x `side`: smooth, so it stays a few MB as a JPEG. */
const blownUpPhoto = async (side: number) =>
  dataUrl(
    await sharp(path.resolve('tests/fixtures/photos/kitten.jpg'))
      .resize(side, side, { fit: 'fill', kernel: 'nearest' })
      .jpeg({ quality: 70 })
      .toBuffer(),
  );

/** A 9000 x 9000 JPEG: only its header is read before it is refused, so a plain one will do. */
const plainJpeg = async (side: number) =>
  dataUrl(
    await sharp({ create: { width: side, height: side, channels: 3, background: '#806040' } })
      .jpeg({ quality: 70 })
      .toBuffer(),
  );

describe('POST /v1/pets/locate with the largest photos a caller can send', () => {
  it('refuses 9000 x 9000 by its size, locates 36 MP photos four at once, within +300 MB', async () => {
    const port = await freePort();
    server = await startServer(dataDir, port);
    const { baseUrl } = server;
    const pid = server.child.pid!;
    const token = await signInOverHttp(baseUrl, 'huge-photos@example.com');
    const [nineThousand, atTheLimit] = [await plainJpeg(9000), await blownUpPhoto(6000)];
    const locate = (image: string) =>
      fetch(`${baseUrl}/v1/pets/locate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sub-dev-access-token': token },
        body: JSON.stringify({ image }),
      }).then(async (response) => ({ status: response.status, body: await response.text() }));

    // The locator's model and its WebAssembly heap load with the first photo, whatever its size:
    // the budget is what a huge photo costs over a platform that has located one before.
    const warmUp = await locate(
      dataUrl(readFileSync(path.resolve('tests/fixtures/photos/kitten.jpg'))),
    );
    expect(warmUp.status).toBe(200);
    const idle = rssMb(pid);
    const {
      result: [refused, located],
      healthzMissed,
      peakRssMb: peak,
    } = await underWatch(
      { baseUrl, pid },
      async () =>
        [
          await locate(nineThousand),
          await Promise.all(Array.from({ length: 4 }, () => locate(atTheLimit))),
        ] as const,
      50,
    );

    console.log(`9000 px and four 36 MP photos located: RSS peak +${(peak - idle).toFixed(0)} MB`);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('9000x9000');
    for (const answer of located) {
      // Answered (the locator's queue holds four): a cat's head, in a square picture.
      expect(answer.status, answer.body).toBe(200);
      const { width, height, head } = JSON.parse(answer.body) as Record<string, unknown>;
      expect(width).toBe(height);
      expect(head).toBeDefined();
    }
    expect(healthzMissed, '/healthz unanswered').toBe(0);
    expect(peak - idle).toBeLessThan(RSS_BUDGET_MB);
    // A bound that catches a hang: four 36 MP photos take about a minute beside two busy loops.
  }, 300_000);
});
