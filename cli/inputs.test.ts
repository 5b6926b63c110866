import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../domain/model/constants';
import { chooseInput } from './inputs';
import { noisyPhoto } from './testing/photos';

const MB = 1024 * 1024;
let dir = '';
const file = (name: string) => path.join(dir, name);

/** An ISO media header with HEIC brands, as an iPhone photo starts, and some payload after it. */
const fakeHeic = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypheic'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mif1heic'),
    randomBytes(4096),
  ]);

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: Error & { exitCode?: number }) => ({
      message: error.message,
      exitCode: error.exitCode,
    }),
  );

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'pawloween-inputs-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--pet/--costume files (DESIGN.md "Inputs")', () => {
  it('takes a 12-20 MB phone photo and sends it downsized to 1536 px, under 10 MB', async () => {
    const photo = await noisyPhoto();
    expect(photo.length).toBeGreaterThan(12 * MB);
    expect(photo.length).toBeLessThan(20 * MB);
    writeFileSync(file('rex.jpg'), photo);
    const chosen = await chooseInput('pet', file('rex.jpg'));
    expect(chosen?.source).toBe('file');
    const dataUrl = (chosen as { dataUrl: string }).dataUrl;
    expect(dataUrl.startsWith('data:image/jpeg;base64,')).toBe(true);
    const sent = Buffer.from(dataUrl.split(',')[1]!, 'base64');
    expect(sent.length).toBeLessThanOrEqual(LIMITS.maxUploadBytes);
    expect(await sharp(sent).metadata()).toMatchObject({
      format: 'jpeg',
      width: LIMITS.maxUploadSidePx,
      height: 1152,
    });
  });

  it('refuses a HEIC photo by its bytes, even named .jpg, naming the file and what to do', async () => {
    for (const name of ['IMG_0042.HEIC', 'IMG_0043.jpg']) {
      writeFileSync(file(name), fakeHeic());
      expect(await refusal(chooseInput('pet', file(name)))).toEqual({
        exitCode: 2,
        message: `"${file(name)}" is a HEIC/HEIF photo (the iPhone camera format), which this app cannot read. Save it as JPEG or PNG and try again.`,
      });
    }
  });

  it('refuses a text file named .jpg as a text file', async () => {
    writeFileSync(file('notes.jpg'), 'not a picture\n');
    expect(await refusal(chooseInput('costume', file('notes.jpg')))).toEqual({
      exitCode: 2,
      message: `"${file('notes.jpg')}" is a text file, not a picture. Save it as JPEG or PNG and try again.`,
    });
  });

  it('refuses a JPEG that is cut short, and one over 25 MB before reading it', async () => {
    const whole = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#a0522d' },
    })
      .jpeg()
      .toBuffer();
    writeFileSync(file('cut.jpg'), whole.subarray(0, 40));
    expect((await refusal(chooseInput('pet', file('cut.jpg')))).message).toBe(
      `"${file('cut.jpg')}" looks like a JPEG image but could not be read (it may be damaged or cut short). Save it as JPEG or PNG and try again.`,
    );
    // A sparse file: 25 MB and one byte, never written out.
    writeFileSync(file('huge.jpg'), whole);
    truncateSync(file('huge.jpg'), 25 * MB + 1);
    expect(await refusal(chooseInput('pet', file('huge.jpg')))).toEqual({
      exitCode: 2,
      message: `"${file('huge.jpg')}" is larger than 25 MB. Please choose a smaller one.`,
    });
  });
});
