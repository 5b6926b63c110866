import { describe, expect, it } from 'vitest';
import { authorizationPageUrl, pricingPageUrl } from './urls';

describe('authorization page (SPEC.md 4)', () => {
  it('carries the project token without trailing = and redirect_uri', () => {
    const url = new URL(
      authorizationPageUrl({
        authorizationUrl: 'https://auth.subscribe.dev',
        projectToken: 'pk_abc==',
        redirectUri: 'https://app.test/?x=1',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://auth.subscribe.dev/');
    expect(url.searchParams.get('project_token')).toBe('pk_abc');
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.test/?x=1');
  });

  it("adds '/demo' in demo mode (the local platform serves /auth/demo)", () => {
    const url = new URL(
      authorizationPageUrl({
        authorizationUrl: 'http://localhost:8787/auth',
        redirectUri: 'http://localhost:8787/',
        demo: true,
      }),
    );
    expect(url.pathname).toBe('/auth/demo');
    expect(url.searchParams.has('project_token')).toBe(false);
  });
});

describe('pricing page (SPEC.md 4)', () => {
  it('base + /subscribe with access_token for access-token auth', () => {
    const url = new URL(pricingPageUrl('http://localhost:8787', { accessToken: 'jwt' }));
    expect(url.pathname).toBe('/subscribe');
    expect([...url.searchParams]).toEqual([['access_token', 'jwt']]);
  });

  it('otherwise project_token and user_token', () => {
    const url = new URL(
      pricingPageUrl('https://api.subscribe.dev/', { projectToken: 'pk', userToken: 'uk' }),
    );
    expect(url.href).toBe('https://api.subscribe.dev/subscribe?project_token=pk&user_token=uk');
  });
});
