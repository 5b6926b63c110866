import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COSTUME_WORKFLOW_ID } from '../../domain/model/workflow';
import { PNG_DATA_URL, PROJECT_TOKEN, signIn, testApp, type TestApp } from './helpers';

// Property: whatever is sent, the platform answers 2xx/3xx/4xx, and every API 4xx is in the error shape.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await testApp({ rateLimit: false, faults: true });
  token = await signIn(t.app);
});
afterAll(() => t.close());

const printable = fc.stringMatching(/^[\x20-\x7e]{0,40}$/);
const tokenLike = fc.oneof(
  fc.constant('TOKEN'),
  printable,
  fc.constantFrom('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'Bearer', 'a.b.c'),
);
const imageLike = fc.oneof(
  fc.constantFrom(
    PNG_DATA_URL,
    '/presets/pets/dog1.png',
    'data:image/png;base64,',
    'data:,',
    'data:image/gif;base64,R0lGOD==',
  ),
  printable,
  fc.string(),
  fc.jsonValue(),
);
const runLike = fc.record(
  {
    model: fc.oneof(fc.constantFrom(COSTUME_WORKFLOW_ID, 'text/spooky-namer'), fc.jsonValue()),
    input: fc.oneof(
      fc.record(
        { upload_your_pets_photo: imageLike, upload_costume_character: imageLike },
        { requiredKeys: [] },
      ),
      fc.jsonValue(),
    ),
    response_format: fc.oneof(
      fc.jsonValue(),
      fc.record({
        type: fc.constantFrom('json_schema', 'json_object'),
        json_schema: fc.jsonValue(),
      }),
    ),
    stream: fc.oneof(fc.boolean(), fc.jsonValue()),
  },
  { requiredKeys: [] },
);
const bodies = (shaped: fc.Arbitrary<unknown>) =>
  fc.oneof(
    shaped.map((value) => ({ raw: JSON.stringify(value) })),
    fc.jsonValue().map((value) => ({ raw: JSON.stringify(value) })),
    fc.string().map((raw) => ({ raw })),
  );
const formBody = fc
  .dictionary(
    fc.constantFrom(
      'email',
      'project_token',
      'redirect_uri',
      'state',
      'popup',
      'session',
      'plan',
      'name',
      'card',
      'expiry',
      'cvc',
      'x',
    ),
    fc.string(),
    {
      maxKeys: 6,
    },
  )
  .map((fields) => ({ raw: new URLSearchParams(fields).toString(), form: true }));
const query = fc
  .dictionary(
    fc.constantFrom(
      'appVersion',
      'project_token',
      'redirect_uri',
      'access_token',
      'user_token',
      'origin',
      'session',
      'plan',
      'create',
      'state',
    ),
    fc.string(),
    {
      maxKeys: 4,
    },
  )
  .map((fields) => `?${new URLSearchParams(fields).toString()}`);
const authHeaders = fc.oneof(
  fc.constant({ 'x-sub-dev-access-token': 'TOKEN' }),
  fc.constant({ authorization: `Bearer ${PROJECT_TOKEN}`, 'x-user-token': 'TOKEN' }),
  fc.constant({ authorization: `Bearer ${PROJECT_TOKEN}` }),
  fc.record({ 'x-sub-dev-access-token': tokenLike }),
  fc.record(
    { authorization: tokenLike.map((value) => `Bearer ${value}`), 'x-user-token': tokenLike },
    { requiredKeys: ['authorization'] },
  ),
  fc.record({
    'if-match': printable,
    'idempotency-key': printable,
    'x-sub-dev-access-token': fc.constant('TOKEN'),
  }),
);

type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: fc.Arbitrary<{ raw: string; form?: boolean }>;
  page?: boolean;
};
const ROUTES: Route[] = [
  { method: 'POST', url: '/v1/run', body: bodies(runLike) },
  { method: 'GET', url: '/v1/runs/00000000-0000-4000-8000-000000000000' },
  {
    method: 'POST',
    url: '/v1/runs/00000000-0000-4000-8000-000000000000/cancel',
    body: bodies(fc.jsonValue()),
  },
  { method: 'POST', url: '/v1/pets/locate', body: bodies(fc.record({ image: printable })) },
  { method: 'GET', url: '/v1/subscriptions/usage' },
  { method: 'GET', url: '/v1/subscriptions/plan' },
  { method: 'GET', url: '/v1/storage' },
  {
    method: 'PUT',
    url: '/v1/storage',
    body: bodies(fc.record({ sessionData: fc.jsonValue() }, { requiredKeys: [] })),
  },
  { method: 'DELETE', url: '/v1/storage' },
  { method: 'POST', url: '/v1/platform/projects/demo', body: bodies(fc.jsonValue()) },
  {
    method: 'POST',
    url: '/__faults',
    body: bodies(
      fc.record({
        next: fc.constantFrom('slow', '429', 'nope'),
        count: fc.jsonValue(),
        delayMs: fc.constant(0),
      }),
    ),
  },
  { method: 'GET', url: '/auth', page: true },
  { method: 'GET', url: '/auth/demo', page: true },
  { method: 'POST', url: '/auth/sign-in', body: formBody, page: true },
  { method: 'GET', url: '/subscribe', page: true },
  { method: 'GET', url: '/checkout', page: true },
  { method: 'POST', url: '/checkout', body: formBody, page: true },
  { method: 'GET', url: '/publish', page: true },
  { method: 'GET', url: '/files/x', page: true },
];

describe('fuzzing every route with fast-check (1000 cases each)', () => {
  it.each(ROUTES.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s never answers 5xx',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(
          route.body ?? fc.constant(undefined),
          query,
          authHeaders,
          async (body, search, headers) => {
            const concrete = Object.fromEntries(
              Object.entries(headers).map(([key, value]) => [
                key,
                String(value).replace('TOKEN', token),
              ]),
            );
            const reply = await t.app.inject({
              method: route.method,
              url: route.url + search,
              headers: {
                ...concrete,
                ...(body
                  ? {
                      'content-type': body.form
                        ? 'application/x-www-form-urlencoded'
                        : 'application/json',
                    }
                  : {}),
              },
              ...(body ? { payload: body.raw } : {}),
            });
            expect(reply.statusCode).toBeLessThan(500);
            if (
              reply.statusCode >= 400 &&
              !(route.page && reply.headers['content-type']?.toString().includes('text/html'))
            ) {
              const error = reply.json().error;
              expect(typeof error.message).toBe('string');
              expect(typeof error.code).toBe('string');
            }
            expect(reply.headers['x-request-id']).toBeDefined();
          },
        ),
        { numRuns: 1000 },
      );
      // Faults armed by the fuzzer must not leak into the next route.
      t.app.platform.faults?.clear();
    },
  );
});
