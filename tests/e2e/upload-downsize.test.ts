import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../domain/model/constants';
import { pressGenerateForRun, waitForResults } from './support/create-flow';
import { uniqueEmail, useE2E } from './support/e2e';

const e2e = useE2E();

async function photo(width: number, height: number, format: 'jpeg' | 'png') {
  const image = sharp({ create: { width, height, channels: 3, background: '#a0522d' } });
  const buffer = await (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
  return { name: `big.${format === 'jpeg' ? 'jpg' : 'png'}`, mimeType: `image/${format}`, buffer };
}

async function decode(dataUrl: string) {
  const [header, data] = dataUrl.split(',');
  const { width, height, format } = await sharp(Buffer.from(data!, 'base64')).metadata();
  return { type: /^data:([^;]+)/.exec(header!)?.[1], width, height, format };
}

describe('uploads are downsized before they are sent (DESIGN.md Inputs)', () => {
  it('a 3000x2000 JPEG photo goes as a 1536x1024 JPEG and a 2400x2400 PNG as a 1536x1536 PNG', async () => {
    const page = await e2e.open('desktop', { signedInAs: uniqueEmail('downsize') });
    await page.getByRole('button', { name: 'Upload Photos' }).click();
    await page
      .getByLabel('Pet Photo', { exact: true })
      .setInputFiles(await photo(3000, 2000, 'jpeg'));
    await page.getByRole('img', { name: 'Your pet photo' }).waitFor();
    await page
      .getByLabel('Costume Character', { exact: true })
      .setInputFiles(await photo(2400, 2400, 'png'));
    await page.getByRole('img', { name: 'Your costume character' }).waitFor();

    const run = await pressGenerateForRun(page);
    const body = run.postDataJSON() as { input: Record<string, unknown> };
    const sent = await Promise.all(
      Object.values(body.input)
        .filter((v): v is string => typeof v === 'string' && v.startsWith('data:'))
        .map(decode),
    );
    expect(sent).toHaveLength(2);
    expect(sent).toContainEqual({
      type: 'image/jpeg',
      format: 'jpeg',
      width: LIMITS.maxUploadSidePx,
      height: 1024,
    });
    expect(sent).toContainEqual({
      type: 'image/png',
      format: 'png',
      width: LIMITS.maxUploadSidePx,
      height: LIMITS.maxUploadSidePx,
    });
    await waitForResults(page);
  });
});
