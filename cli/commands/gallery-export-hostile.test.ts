// `pawloween gallery export` as a real process against a hostile platform this test starts: the
// gallery names a traversal id, files on another site and a file that redirects there. Nothing may
// be written outside the export folder and nothing fetched from the other site.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finished, spawnCli } from '../testing/spawn-cli';
import {
  fakePlatform,
  hostileServer,
  readableToken,
  type HostileServer,
} from '../testing/hostile-platform';

const OWN_BYTES = Buffer.from('own file of the platform');
/** '/../../../../../PWNED' with each of its 16 slashes and dots made an underscore. */
const TRAVERSAL_FILE = `pawloween-image-${'_'.repeat(16)}PWNED.png`;

let evil: HostileServer;
let platform: HostileServer;
let work: string;
let config: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'pawloween-export-attack-'));
  config = mkdtempSync(path.join(tmpdir(), 'pawloween-export-config-'));
  evil = await hostileServer((_request, response) => {
    response.end('PWNED BYTES');
  });
  platform = await hostileServer(
    fakePlatform(
      () => ({
        'pet-gallery': [
          // Newest first, so the attacks come before the honest creation.
          item('/../../../../../EVIL', `${evil.baseUrl}/evil.png`),
          item('1730000000004', `${platform.baseUrl}/files/moved.png`),
          item('1730000000003', `/files/ok.png`, `${evil.baseUrl}/evil.mp4`),
          item('/../../../../../PWNED', `${platform.baseUrl}/files/traversal.png`),
          item('1730000000001', `${platform.baseUrl}/files/good.png`, '/files/good.mp4'),
        ].map((entry, index) => ({ ...entry, timestamp: 1_730_000_000_009 - index })),
      }),
      (request, response) => {
        if (request.url === '/files/moved.png') {
          response.writeHead(302, { location: `${evil.baseUrl}/moved.png` }).end();
          return true;
        }
        if (!request.url?.startsWith('/files/')) return false;
        response.writeHead(200, { 'content-type': 'image/png' }).end(OWN_BYTES);
        return true;
      },
    ),
  );
});

afterAll(async () => {
  await Promise.all([evil.close(), platform.close()]);
  rmSync(work, { recursive: true, force: true });
  rmSync(config, { recursive: true, force: true });
});

function item(id: string, imageUrl: string, videoUrl = '') {
  return { id, timestamp: 1_730_000_000_000, imageUrl, videoUrl, isFavorite: false };
}

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe('pawloween gallery export against a hostile platform', () => {
  it('writes only inside its folder, fetches nothing from another site and says what it skipped', async () => {
    const out = path.join(work, 'a', 'b', 'c', 'd', 'e', 'out');
    mkdirSync(out, { recursive: true });
    const run = await finished(
      spawnCli(['gallery', 'export', out], {
        PAWLOWEEN_BASE_URL: platform.baseUrl,
        PAWLOWEEN_TOKEN: readableToken(),
        XDG_CONFIG_HOME: config,
      }),
    );

    // Nothing reached the other site: not the named files, not the redirect's target.
    expect(evil.seen).toEqual([]);
    // Only the export folder holds files.
    const outside = filesUnder(work).filter((file) => !file.startsWith(path.relative(work, out)));
    expect(outside).toEqual([]);
    expect(filesUnder(out).sort()).toEqual([
      'pawloween-image-1730000000001.png',
      TRAVERSAL_FILE,
      'pawloween-video-1730000000001.mp4',
    ]);
    expect(readFileSync(path.join(out, TRAVERSAL_FILE))).toEqual(OWN_BYTES);
    // A clear error naming each refused creation, and a failing exit code.
    expect(run.code).toBe(1);
    expect(run.err).toContain(`Refused to download ${evil.baseUrl}/evil.png`);
    expect(run.err).toContain(`Refused to download ${evil.baseUrl}/evil.mp4`);
    expect(run.err).toContain(`Refused to download ${evil.baseUrl}/moved.png`);
    expect(run.err).toContain('3 of 5 creations were not exported.');
    expect(run.err).toContain('Exported 2 creations (3 files)');
  });
});

// Issue 42: ids 'a/b' and 'a_b' were written to one file (the second replaced the first), and one
// failed download ended the export.
describe('pawloween gallery export: names that meet, and a download that fails', () => {
  it('keeps both creations of one safe name, reports the failed download and exports the rest', async () => {
    const bytes = (id: string) => Buffer.from(`image of ${id}`);
    const platform = await hostileServer(
      fakePlatform(
        () => ({
          'pet-gallery': [
            item('a/b', '/files/slash.png'),
            item('a_b', '/files/underscore.png'),
            item('broken', '/files/broken.png'),
            item('last', '/files/last.png'),
          ].map((entry, index) => ({ ...entry, timestamp: 1_730_000_000_009 - index })),
        }),
        (request, response) => {
          const name = /^\/files\/(\w+)\.png$/.exec(request.url ?? '')?.[1];
          if (!name) return false;
          if (name === 'broken') response.writeHead(500).end();
          else response.writeHead(200, { 'content-type': 'image/png' }).end(bytes(name));
          return true;
        },
      ),
    );
    try {
      const out = mkdtempSync(path.join(work, 'names-'));
      const run = await finished(
        spawnCli(['gallery', 'export', out], {
          PAWLOWEEN_BASE_URL: platform.baseUrl,
          PAWLOWEEN_TOKEN: readableToken(),
          XDG_CONFIG_HOME: config,
        }),
      );
      expect(filesUnder(out).sort()).toEqual([
        'pawloween-image-a_b-2.png',
        'pawloween-image-a_b.png',
        'pawloween-image-last.png',
      ]);
      expect(readFileSync(path.join(out, 'pawloween-image-a_b.png'))).toEqual(bytes('slash'));
      expect(readFileSync(path.join(out, 'pawloween-image-a_b-2.png'))).toEqual(
        bytes('underscore'),
      );
      expect(run.code).toBe(1);
      expect(run.err).toContain('Could not export creation broken');
      expect(run.err).toContain('1 of 4 creations were not exported.');
      expect(run.err).toContain('Exported 3 creations (3 files)');
    } finally {
      await platform.close();
    }
  });
});
