import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, onTestFinished } from 'vitest';
import { LIMITS } from '../../domain/model/constants';
import { WORKFLOW_INPUT } from '../../domain/model/workflow';
import { pngHeader } from './test-images';
import {
  checkImage,
  INPUT_IMAGE_LIMITS,
  readWorkflowInput,
  WorkflowInputError,
} from './workflow-input';

const FIELD = WORKFLOW_INPUT.pet;
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
const tiny = (format: 'png' | 'jpeg' | 'webp' | 'gif') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#f80' } })
    .toFormat(format)
    .toBuffer();

async function rejection(promise: Promise<unknown>): Promise<WorkflowInputError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WorkflowInputError);
  return error as WorkflowInputError;
}

describe('readWorkflowInput', () => {
  it.each(['png', 'jpeg', 'webp', 'gif'] as const)('accepts a %s data URL', async (format) => {
    const bytes = await tiny(format);
    const decoded = await readWorkflowInput(FIELD, dataUrl(`image/${format}`, bytes));
    expect(decoded.equals(bytes)).toBe(true);
  });

  it('judges by content, not the declared type: PNG bytes labelled image/jpeg pass', async () => {
    const bytes = await tiny('png');
    await expect(readWorkflowInput(FIELD, dataUrl('image/jpeg', bytes))).resolves.toBeInstanceOf(
      Buffer,
    );
  });

  it('refuses text dressed as an image, naming the field', async () => {
    const error = await rejection(
      readWorkflowInput(FIELD, dataUrl('image/png', Buffer.from('hello, not a picture'))),
    );
    expect(error.field).toBe(FIELD);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toContain(FIELD);
    expect(error.message).toMatch(/not an image/);
  });

  it('refuses image formats outside jpeg/png/webp/gif (SVG)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>');
    const error = await rejection(readWorkflowInput(FIELD, dataUrl('image/svg+xml', svg)));
    expect(error.message).toMatch(/JPEG, PNG, WebP or GIF/);
  });

  it('refuses a non-image mime type', async () => {
    const error = await rejection(
      readWorkflowInput(WORKFLOW_INPUT.costume, dataUrl('text/plain', Buffer.from('hi'))),
    );
    expect(error.field).toBe(WORKFLOW_INPUT.costume);
  });

  it('refuses broken base64', async () => {
    const error = await rejection(readWorkflowInput(FIELD, 'data:image/png;base64,iVBOR*w0K!!'));
    expect(error.message).toMatch(/base64/);
  });

  it('refuses images over 10 MB, before decoding', async () => {
    const big = 'A'.repeat(Math.ceil((LIMITS.maxUploadBytes * 4) / 3) + 8);
    const error = await rejection(readWorkflowInput(FIELD, `data:image/png;base64,${big}`));
    expect(error.message).toMatch(/larger than 10 MB/);
  });

  it('refuses raw bytes over 10 MB', async () => {
    const error = await rejection(
      readWorkflowInput(FIELD, Buffer.alloc(LIMITS.maxUploadBytes + 1)),
    );
    expect(error.message).toMatch(/larger than 10 MB/);
  });

  it.each([42, '', undefined, { url: 'x' }])('refuses a non-string input %j', async (value) => {
    const error = await rejection(readWorkflowInput(FIELD, value));
    expect(error.field).toBe(FIELD);
  });

  it('never fetches arbitrary URLs', async () => {
    const error = await rejection(
      readWorkflowInput(FIELD, 'http://169.254.169.254/latest/meta-data', { publicDir: '/tmp' }),
    );
    expect(error.message).toMatch(/data URL or a preset image URL/);
  });

  it('reads preset URLs (absolute or relative) from the public directory', async () => {
    const publicDir = await mkdtemp(path.join(tmpdir(), 'presets-'));
    onTestFinished(() => rm(publicDir, { recursive: true, force: true }));
    await mkdir(path.join(publicDir, 'presets', 'pets'), { recursive: true });
    const bytes = await tiny('png');
    await writeFile(path.join(publicDir, 'presets', 'pets', 'dog1.png'), bytes);
    for (const url of ['/presets/pets/dog1.png', 'http://localhost:8787/presets/pets/dog1.png']) {
      const read = await readWorkflowInput(FIELD, url, { publicDir });
      expect(read.equals(bytes)).toBe(true);
    }
    const error = await rejection(
      readWorkflowInput(FIELD, '/presets/pets/nope1.png', { publicDir }),
    );
    expect(error.message).toMatch(/unknown preset/);
    await rejection(readWorkflowInput(FIELD, '/presets/pets/../../etc/passwd', { publicDir }));
  });
});

describe('checkImage: sizes that would cost the server, and broken data', () => {
  it.each([
    [
      '238000x167 (under 40 MP, but a cover resize blows it up)',
      238_000,
      167,
      /each side must be at most 12000 px/,
    ],
    ['1,000,000x39', 1_000_000, 39, /each side must be at most 12000 px/],
    ['65500x600', 65_500, 600, /each side must be at most 12000 px/],
    ['12000x1000 (12:1)', 12_000, 1_000, /at most 10 times the short side/],
    ['8000x6000 (48 MP)', 8_000, 6_000, /at most 40 megapixels/],
  ])(
    'refuses a PNG of %s from its header alone, naming the field',
    async (_, width, height, message) => {
      const error = await rejection(checkImage(FIELD, pngHeader(width, height)));
      expect(error.message).toMatch(message);
      expect(error.message.startsWith(`${FIELD}:`)).toBe(true);
    },
  );

  it('refuses a valid header over truncated data as broken, not as a failed run', async () => {
    const whole = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#f80' },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><circle cx="200" cy="150" r="90" fill="#222"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const error = await rejection(
      checkImage(FIELD, whole.subarray(0, Math.floor(whole.length / 2))),
    );
    expect(error.message).toMatch(/broken or truncated/);
    await rejection(checkImage(FIELD, pngHeader(600, 400)));
  });

  it('shrinks an image larger than the working size once, keeping its aspect; smaller ones pass as they are', async () => {
    const big = await sharp({
      create: { width: 6000, height: 3000, channels: 3, background: '#f80' },
    })
      .jpeg()
      .toBuffer();
    const shrunk = await sharp(await checkImage(FIELD, big)).metadata();
    expect([shrunk.width, shrunk.height]).toEqual([
      INPUT_IMAGE_LIMITS.workingSide,
      INPUT_IMAGE_LIMITS.workingSide / 2,
    ]);
    const small = await tiny('jpeg');
    expect((await checkImage(FIELD, small)).equals(small)).toBe(true);
  });
});
