// The client's raw access (asResponse, withResponse, withOptions) and its relay of a stream
// (toReadableStream) against the real local platform over a real socket. A platform of its own:
// the sign-in form is rate limited per address, and platform-client.test.ts signs in plenty.
import { beforeAll, describe, expect, it } from 'vitest';
import { COSTUME_WORKFLOW_ID } from '../../domain/model/workflow';
import { PlatformClient } from '../../adapters/platform/src/index';
import { costumeRun } from '../server/helpers';
import { contractPlatform } from './support/contract-platform';

const TEXT_MODEL = 'text/spooky-namer';
const contract = contractPlatform();
const { armFault, signedInClient } = contract;
let baseUrl: string;
beforeAll(() => {
  baseUrl = contract.platform.baseUrl;
});

describe('raw access: asResponse() beside withResponse(), on every call', () => {
  it('a call answers the platform’s Response with its body to read, as it came', async () => {
    const { client } = await signedInClient('raw-usage@example.com');
    const response = await client.subscriptions.usage().asResponse();
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toEqual(expect.any(String));
    expect(response.bodyUsed).toBe(false);
    const body = (await response.json()) as { credits: { userBalance: unknown } };
    expect(body.credits.userBalance).toMatchObject({ remainingCredits: expect.any(Number) });
  });

  it('storage.update() answers the write that went through, whole and raw', async () => {
    const { client } = await signedInClient('raw-storage@example.com');
    const { data, response, requestId } = await client.storage
      .update('pets', ['Rex'])
      .withResponse();
    expect(data).toEqual({ pets: ['Rex'] });
    expect(response.status).toBe(200);
    expect(requestId).toEqual(expect.any(String));
    const raw = await client.storage.update('pets', ['Rex', 'Mia']).asResponse();
    expect(raw.headers.get('etag')).toEqual(expect.any(String));
    expect(await raw.json()).toEqual({ success: true });
    expect((await client.storage.get()).sessionData).toEqual({ pets: ['Rex', 'Mia'] });
  });

  it('a stream answers its Response once the run is taken, and is read after', async () => {
    const { client } = await signedInClient('raw-stream@example.com');
    const stream = client.run.stream({ model: TEXT_MODEL, input: 'Rex' });
    const { data, response, requestId } = await stream.withResponse();
    expect(data).toBe(stream);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(requestId).toBe(stream.requestId);
    expect(await stream.finalResult()).toMatch(/Halloween/);
  });

  it('a stream’s asResponse() hands the event stream over unread', async () => {
    const { client } = await signedInClient('raw-sse@example.com');
    const stream = client.run.stream({ model: TEXT_MODEL, input: 'Rex' });
    const response = await stream.asResponse();
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^data: \{"content":/);
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    await expect(stream.finalResult()).rejects.toMatchObject({ code: 'STREAM_USED' });
  });

  it('withOptions() makes a client with changed options, the credentials in use kept', async () => {
    const { accessToken } = await signedInClient('with-options@example.com');
    const client = new PlatformClient({ baseUrl, maxRetries: 0 });
    client.setCredentials({ accessToken });
    const patient = client.withOptions({ timeout: 120_000, maxRetries: 3 });
    expect(patient).not.toBe(client);
    expect(patient.options).toMatchObject({ timeout: 120_000, maxRetries: 3, baseUrl });
    expect(client.options).toMatchObject({ timeout: 600_000, maxRetries: 0 });
    await expect(patient.subscriptions.usage()).resolves.toMatchObject({
      remainingCredits: expect.any(Number),
    });
  });
});

describe('toReadableStream() of a refused run', () => {
  /** A relay as a server writes one: the stream's bytes as its answer's body. */
  const relay = async (stream: { toReadableStream(): Promise<ReadableStream<Uint8Array>> }) =>
    new Response(await stream.toReadableStream(), {
      headers: { 'content-type': 'application/x-ndjson' },
    });

  it('rejects with the refusal (404, an unknown model) before any stream is handed out', async () => {
    const { client } = await signedInClient('relay-404@example.com');
    await expect(
      relay(client.run.stream({ model: 'text/no-such-model', input: 'x' })),
    ).rejects.toMatchObject({ name: 'NotFoundError', status: 404 });
  });

  it('rejects with the refusal (402, no credits) before any stream is handed out', async () => {
    const { accessToken } = await signedInClient('relay-402@example.com');
    await armFault('402');
    const client = new PlatformClient({ baseUrl, accessToken, maxRetries: 0 });
    await expect(
      relay(client.run.stream({ model: COSTUME_WORKFLOW_ID, input: costumeRun().input })),
    ).rejects.toMatchObject({ name: 'InsufficientBalanceError', status: 402 });
  });

  it('relays a run the platform took, event by event', async () => {
    const { client } = await signedInClient('relay-200@example.com');
    const response = await relay(client.run.stream({ model: TEXT_MODEL, input: 'Rex' }));
    const lines = (await response.text()).trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line) as unknown).join('')).toMatch(/Halloween/);
  });
});
