import { describe, expect, it } from 'vitest';
import { allowedMessageOrigin, allowedRedirect } from './redirect-policy';

const OWN = 'https://platform.example';

describe('allowedRedirect: where a token may be sent', () => {
  it('to this server, over https as it is served, and to an allowed origin', () => {
    expect(allowedRedirect(`${OWN}/app?x=1`, OWN, [])?.href).toBe(`${OWN}/app?x=1`);
    expect(allowedRedirect('https://app.example/', OWN, ['https://app.example'])?.origin).toBe(
      'https://app.example',
    );
    expect(allowedRedirect('https://evil.example/', OWN, ['https://app.example'])).toBeUndefined();
  });

  it('to a loopback listener over http only, and only one registered for this sign-in', () => {
    const registered = (url: URL) => url.href === 'http://127.0.0.1:5555/cb?state=s';
    expect(allowedRedirect('http://127.0.0.1:5555/cb?state=s', OWN, [], registered)?.port).toBe(
      '5555',
    );
    expect(allowedRedirect('http://127.0.0.1:5555/cb?state=s', OWN, [])).toBeUndefined();
    expect(
      allowedRedirect('http://127.0.0.1:5556/cb?state=s', OWN, [], registered),
    ).toBeUndefined();
    expect(allowedRedirect('https://localhost:5555/cb', OWN, [], () => true)).toBeUndefined();
  });

  it('gives message origins as origins', () => {
    expect(allowedMessageOrigin(`${OWN}/pricing`, OWN, [])).toBe(OWN);
    expect(allowedMessageOrigin('javascript:alert(1)', OWN, [])).toBeUndefined();
  });
});
