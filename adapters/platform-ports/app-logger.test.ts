import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PlatformClient } from '../platform/src';
import { BASE_URL, recordingLogger, url, useMswServer } from '../../tests/support/msw-server';
import { withoutRequestFailures } from './app-logger';

const server = useMswServer();

describe("the app's client logger", () => {
  it('leaves out the lines of a failed call, which the app shows itself, and passes the rest on', async () => {
    server.use(
      http.get(url('/v1/subscriptions/usage'), () =>
        HttpResponse.json(
          { error: { message: 'Not enough credits.', code: 'INSUFFICIENT_BALANCE' } },
          { status: 402 },
        ),
      ),
    );
    const logger = recordingLogger();
    const client = new PlatformClient({
      baseUrl: BASE_URL,
      accessToken: 'token',
      logLevel: 'info',
      logger: withoutRequestFailures(logger),
    });
    await expect(client.subscriptions.usage()).rejects.toThrow('Not enough credits.');
    client.logger.warn('[platform] a structured answer did not parse');
    expect(logger.lines.map(({ level, message }) => [level, message])).toEqual([
      ['warn', '[platform] a structured answer did not parse'],
    ]);
  });
});
