import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

export const BASE_URL = 'https://api.platform.test';
export const url = (path: string) => `${BASE_URL}${path}`;

/** One msw server per test file; any request without a handler fails the test. */
export function useMswServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** A logger that records instead of printing. */
export function recordingLogger() {
  const lines: { level: string; message: string; rest: unknown[] }[] = [];
  const log =
    (level: string) =>
    (message: string, ...rest: unknown[]) =>
      void lines.push({ level, message, rest });
  return { lines, debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}
