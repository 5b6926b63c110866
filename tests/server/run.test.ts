import { describe, expect, it } from 'vitest';
import { COSTUME_WORKFLOW_ID } from '../../domain/model/workflow';
import {
  anonymousHeaders,
  appPerTest,
  costumeRun,
  expectErrorShape,
  headlessHeaders,
  PNG_DATA_URL,
  postRun,
  userBalance,
  userHeaders,
} from './helpers';

const setup = appPerTest();

describe('POST /v1/run: the costume workflow', () => {
  it('answers output URLs served by this platform and charges image and video', async () => {
    const { app, token } = await setup();
    const reply = await postRun(app, token);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    const entry = body.output[0];
    expect(entry.image_output).toEqual({
      image: expect.stringMatching(/^http:\/\/localhost\/files\/.+\.png$/),
      outputType: 'image',
    });
    expect(entry.video_output).toEqual({
      video: expect.stringMatching(/^http:\/\/localhost\/files\/.+\.mp4$/),
      outputType: 'video',
    });
    expect(body.usage).toEqual({ cost: 0.5, remainingCredits: 4.5 });
    expect(await userBalance(app, token)).toEqual({
      allocatedCredits: 5,
      usedCredits: 0.5,
      remainingCredits: 4.5,
    });

    const file = await app.inject(new URL(entry.image_output.image).pathname);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(String(file.headers['cache-control'])).toContain('immutable');
  });

  it('resolves preset URLs locally, relative or absolute on this origin', async () => {
    const { app, token } = await setup();
    const relative = costumeRun('/presets/pets/dog1.png', '/presets/costumes/vampire.png');
    expect((await postRun(app, token, relative)).statusCode).toBe(200);
    const absolute = costumeRun('http://localhost/presets/pets/dog1.png', PNG_DATA_URL);
    expect((await postRun(app, token, absolute)).statusCode).toBe(200);
  });

  it.each([
    ['broken base64', 'data:image/png;base64,@@@not-base64@@@', 'has broken base64'],
    [
      'a non-image type',
      `data:text/plain;base64,${Buffer.from('hello').toString('base64')}`,
      'must be a JPEG, PNG, WebP or GIF',
    ],
    [
      'bytes that are no image',
      `data:image/png;base64,${Buffer.from('hello world!').toString('base64')}`,
      'must be a JPEG, PNG, WebP or GIF',
    ],
    ['an image over 10 MB', `data:image/png;base64,${'A'.repeat(14_000_000)}`, 'larger than 10 MB'],
    ['an internet URL', 'https://images.example.com/cat.png', 'other hosts are not fetched'],
    ['an unknown preset', '/presets/pets/unicorn9.png', 'does not exist'],
    ['a path outside the presets', '/presets/../../etc/passwd', 'not a known preset'],
  ])('answers 400 VALIDATION_ERROR naming the field for %s', async (_name, value, message) => {
    const { app, token } = await setup();
    const reply = await postRun(app, token, costumeRun(value));
    expect(reply.statusCode).toBe(400);
    const error = expectErrorShape(reply, 'VALIDATION_ERROR');
    expect(error.message).toContain('upload_your_pets_photo');
    expect(error.message).toContain(message);
    expect(await userBalance(app, token)).toMatchObject({ usedCredits: 0 });
  });

  it('names missing input fields and refuses unknown models with 404', async () => {
    const { app, token } = await setup();
    const missing = await postRun(app, token, {
      model: COSTUME_WORKFLOW_ID,
      input: { upload_your_pets_photo: PNG_DATA_URL },
    });
    expect(missing.statusCode).toBe(400);
    expect(expectErrorShape(missing, 'VALIDATION_ERROR').message).toContain(
      'upload_costume_character',
    );
    const unknown = await postRun(app, token, { model: 'workflow/nope', input: {} });
    expect(unknown.statusCode).toBe(404);
    expectErrorShape(unknown, 'NOT_FOUND');
  });

  it('answers 413 with a clear message beyond the 30 MB body limit', async () => {
    const { app, token } = await setup();
    const reply = await app.inject({
      method: 'POST',
      url: '/v1/run',
      headers: { ...userHeaders(token), 'content-type': 'application/json' },
      payload: JSON.stringify(costumeRun(`data:image/png;base64,${'A'.repeat(31 * 1024 * 1024)}`)),
    });
    expect(reply.statusCode).toBe(413);
    expect(expectErrorShape(reply, 'PAYLOAD_TOO_LARGE').message).toContain('30 MB');
  });

  it('honours Idempotency-Key: the same answer again, charged once', async () => {
    const { app, token } = await setup();
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/v1/run',
        headers: { ...userHeaders(token), 'idempotency-key': 'k-1' },
        payload: costumeRun(),
      });
    const [first, concurrent] = await Promise.all([send(), send()]);
    const later = await send();
    expect(first.json()).toEqual(concurrent.json());
    expect(later.json()).toEqual(first.json());
    expect(await userBalance(app, token)).toMatchObject({ usedCredits: 0.5 });
  });

  it('answers 402 INSUFFICIENT_BALANCE with remaining and required credits', async () => {
    const { app, token } = await setup({ pricing: { imageCents: 40, videoCents: 50 } });
    for (let i = 0; i < 5; i++) expect((await postRun(app, token)).statusCode).toBe(200);
    const reply = await postRun(app, token);
    expect(reply.statusCode).toBe(402);
    expect(expectErrorShape(reply, 'INSUFFICIENT_BALANCE').context).toEqual({
      remainingCredits: 0.5,
      requiredCredits: 0.9,
    });
  });

  it('answers 402 PLAN_UPGRADE_REQUIRED when one run costs more than the plan allows', async () => {
    const { app, token } = await setup({ pricing: { videoCents: 150 } });
    const reply = await postRun(app, token);
    expect(reply.statusCode).toBe(402);
    expect(expectErrorShape(reply, 'PLAN_UPGRADE_REQUIRED').context).toEqual({
      upgradeUrl: 'http://localhost/subscribe',
      currentPlan: 'Free',
      currentLimit: 1,
      required: 1.7,
    });
  });

  it("answers 503 WORKFLOW_UNAVAILABLE to everyone when the owner's credits run out", async () => {
    const { app, token } = await setup({ ownerCredits: 0.5 });
    expect((await postRun(app, token)).statusCode).toBe(200);
    const reply = await postRun(app, token);
    expect(reply.statusCode).toBe(503);
    expectErrorShape(reply, 'WORKFLOW_UNAVAILABLE');
    const anonymous = await app.inject({
      method: 'POST',
      url: '/v1/run',
      headers: anonymousHeaders,
      payload: costumeRun(),
    });
    expect(anonymous.statusCode).toBe(503);
    // The user's debit rolled back with the owner's.
    expect(await userBalance(app, token)).toMatchObject({ usedCredits: 0.5 });
  });

  it('runs in all three auth modes and refuses no credentials with 401', async () => {
    const { app, token } = await setup();
    for (const headers of [userHeaders(token), headlessHeaders(token), anonymousHeaders])
      expect(
        (await app.inject({ method: 'POST', url: '/v1/run', headers, payload: costumeRun() }))
          .statusCode,
      ).toBe(200);
    const none = await app.inject({ method: 'POST', url: '/v1/run', payload: costumeRun() });
    expect(none.statusCode).toBe(401);
    expectErrorShape(none, 'AUTHENTICATION_FAILED');
  });

  it('streams a workflow answer as one content event when asked', async () => {
    const { app, token } = await setup();
    const reply = await postRun(app, token, { ...costumeRun(), stream: true });
    expect(reply.headers['content-type']).toContain('text/event-stream');
    const events = reply.body.split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    expect(
      JSON.parse(JSON.parse(events[0]!.slice(6)).content).output[0].image_output.outputType,
    ).toBe('image');
  });
});
