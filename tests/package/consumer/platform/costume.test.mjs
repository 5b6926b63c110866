import { PlatformClient, InsufficientBalanceError } from '@pawloween/platform-client';
import { describe, expect, it } from 'vitest';
import { armFault, platformUrl, signIn } from './platform.mjs';

const COSTUME_WORKFLOW_ID = 'workflow/7a3e5c1d-2b4f-4e8a-9c6d-1f0b3a5e7d92';
// The platform serves preset pictures; a run takes them by URL.
const input = {
  upload_your_pets_photo: `${platformUrl}/presets/pets/dog1.png`,
  upload_costume_character: `${platformUrl}/presets/costumes/vampire.png`,
};

async function client(email) {
  return new PlatformClient({ baseUrl: platformUrl, accessToken: await signIn(email) });
}

describe('a costume run on the local platform', () => {
  it('streams the image, then the video, then the usage; $0.50 is charged', async () => {
    const pets = await client('happy@example.com');
    const before = await pets.subscriptions.usage();
    const events = [];
    for await (const event of pets.run.stream({ model: COSTUME_WORKFLOW_ID, input }))
      events.push(event.type === 'output' ? event.key : event.type);
    expect(events).toEqual(['run', 'image_output', 'video_output', 'usage', 'done']);
    const after = await pets.subscriptions.usage();
    expect(before.remainingCredits - after.remainingCredits).toBeCloseTo(0.5);
  });

  it('video-fail: the image arrives, then the run fails as WORKFLOW_FAILED with the image charged', async () => {
    const pets = await client('video-fail@example.com');
    await armFault({ next: 'video-fail' });
    const events = [];
    const failure = await (async () => {
      for await (const event of pets.run.stream({ model: COSTUME_WORKFLOW_ID, input }))
        events.push(event.type === 'output' ? event.key : event.type);
    })().catch((error) => error);
    expect(events).toEqual(['run', 'image_output']);
    expect(failure).toMatchObject({ code: 'WORKFLOW_FAILED', statusCode: 500 });
    expect(failure.context).toEqual({ charged: 0.2 });
  });

  it('402: the run is refused as a user out of credits is', async () => {
    const pets = await client('broke@example.com');
    await armFault({ next: '402' });
    const failure = await pets.run.create({ model: COSTUME_WORKFLOW_ID, input }).catch((e) => e);
    expect(failure).toBeInstanceOf(InsufficientBalanceError);
  });
});
