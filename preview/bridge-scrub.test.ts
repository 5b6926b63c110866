import { describe, expect, it } from 'vitest';
import { REDACTED, scrubMessage, scrubSecrets } from './bridge-scrub';

// The shape of the platform's tokens (header.payload.signature, base64url JSON).
const header = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9';
const payload = 'eyJzdWIiOiJ1c2VyXzEiLCJleHAiOjE3OTU0MDE5NTR9';
const TOKEN = `${header}.${payload}.8rBpePzwyV9p96rEjDt3Aa51uZhREFkeAeAt4HXLiGg`;

describe('scrubSecrets', () => {
  it.each([
    [
      'the pricing page address',
      `open http://localhost:4000/subscribe?access_token=${TOKEN}&plan=pro failed`,
      `open http://localhost:4000/subscribe?access_token=${REDACTED}&plan=pro failed`,
    ],
    ['a sign-in return address', `GET /?accessToken=${TOKEN}`, `GET /?accessToken=${REDACTED}`],
    [
      'a headless user token',
      `/subscribe?project_token=proj&user_token=u-secret-1`,
      `/subscribe?project_token=proj&user_token=${REDACTED}`,
    ],
    [
      'a logged object',
      `{"type":"auth-success","access_token":"opaque-secret"}`,
      `{"type":"auth-success","access_token":"${REDACTED}"}`,
    ],
    [
      'an Authorization header',
      'authorization: Bearer opaque-secret, retrying',
      `authorization: Bearer ${REDACTED}, retrying`,
    ],
    ['a bare JWT', `token was ${TOKEN}.`, `token was ${REDACTED}.`],
    ['a payload on its own', `claims ${payload}`, `claims ${REDACTED}`],
  ])('blanks out %s and keeps the rest', (_what, text, expected) => {
    expect(scrubSecrets(text)).toBe(expected);
    expect(scrubSecrets(text)).not.toContain('secret');
    expect(scrubSecrets(text)).not.toContain(payload);
    // A message queued before the parent's origin was known is scrubbed again when it is sent.
    expect(scrubSecrets(scrubSecrets(text))).toBe(expected);
  });

  it('leaves ordinary error text as it is', () => {
    const text =
      'console.error: Test console.error from the host (tokens=3, /preview/index.html?t=1)';
    expect(scrubSecrets(text)).toBe(text);
  });
});

describe('scrubMessage', () => {
  it('scrubs a forwarded error’s message, file and stack', () => {
    const scrubbed = scrubMessage({
      type: 'consoleError',
      message: `Uncaught Error: bad ${TOKEN}`,
      file: `http://localhost:4000/preview/index.html?accessToken=${TOKEN}`,
      line: 3,
      column: 9,
      stack: `Error: bad ${TOKEN}\n    at http://localhost:4000/preview/index.html?accessToken=${TOKEN}:3:9`,
    });
    expect(scrubbed).toEqual({
      type: 'consoleError',
      message: `Uncaught Error: bad ${REDACTED}`,
      file: `http://localhost:4000/preview/index.html?accessToken=${REDACTED}`,
      line: 3,
      column: 9,
      stack: `Error: bad ${REDACTED}\n    at http://localhost:4000/preview/index.html?accessToken=${REDACTED}:3:9`,
    });
  });

  it('scrubs a capture error and leaves the image and the pointer lock alone', () => {
    expect(scrubMessage({ type: 'captureError', error: `load ?access_token=${TOKEN}` })).toEqual({
      type: 'captureError',
      error: `load ?access_token=${REDACTED}`,
    });
    const image = { type: 'captureResponse', imageData: `data:image/png;base64,${TOKEN}` } as const;
    expect(scrubMessage(image)).toBe(image);
    const lock = { type: 'pointerLockChange', isLocked: true } as const;
    expect(scrubMessage(lock)).toBe(lock);
  });
});
