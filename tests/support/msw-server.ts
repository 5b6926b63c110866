import { http, HttpResponse } from 'msw';
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

/** What a signed-in start reads besides storage: a balance of 4 of 5 credits and no plan. */
export function usageAndPlanHandlers() {
  return [
    http.get(url('/v1/subscriptions/usage'), () =>
      HttpResponse.json({
        credits: { userBalance: { allocatedCredits: 5, usedCredits: 1, remainingCredits: 4 } },
      }),
    ),
    http.get(url('/v1/subscriptions/plan'), () =>
      HttpResponse.json({
        userPlan: { planId: null, status: 'none', startedAt: null, endsAt: null, plan: null },
      }),
    ),
  ];
}
