import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { WORKFLOW_INPUT } from '../../domain/model/workflow';
import { pngHeader } from '../../mock-server/workflow/test-images';
import {
  appPerTest,
  costumeRun,
  expectErrorShape,
  PNG_DATA_URL,
  postRun,
  userBalance,
} from './helpers';

const setup = appPerTest();
const dataUrl = (bytes: Buffer, mime = 'image/png') =>
  `data:${mime};base64,${bytes.toString('base64')}`;

const truncatedPng = async () => {
  const whole = await sharp({
    create: { width: 500, height: 400, channels: 3, background: '#3a5' },
  })
    .png()
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length * 0.6));
};

describe('POST /v1/run: images that are the caller’s mistake are a 400 naming the field, never a retry', () => {
  it.each([
    ['a 238000x167 PNG', () => pngHeader(238_000, 167), /12000 px/],
    ['a 1,000,000x39 PNG', () => pngHeader(1_000_000, 39), /12000 px/],
    ['a truncated PNG (valid header, broken data)', truncatedPng, /broken or truncated/],
  ])('%s as the costume', async (_, make, message) => {
    const { app, token } = await setup();
    const before = await userBalance(app, token);
    const reply = await postRun(app, token, costumeRun(PNG_DATA_URL, dataUrl(await make())));
    expect(reply.statusCode).toBe(400);
    const error = expectErrorShape(reply, 'VALIDATION_ERROR');
    expect(error.message).toMatch(message);
    expect(error.message).toContain(WORKFLOW_INPUT.costume);
    expect(error.message).not.toMatch(/retry/i);
    expect(await userBalance(app, token)).toEqual(before);
  });
});
