import { describe, expect, it } from 'vitest';
import { deriveAuthorizationUrl, resolveOptions } from './config';

describe('the authorization host derived from the API host (SPEC.md 6)', () => {
  it.each([
    ['https://api.subscribe.dev', 'https://auth.subscribe.dev'],
    ['https://api.example.com/v2/', 'https://auth.example.com/v2'],
    ['https://eu.api.example.com', 'https://eu.auth.example.com'],
    ['http://api.localhost:8787', 'http://auth.localhost:8787'],
  ])('replaces the api label: %s -> %s', (baseUrl, expected) => {
    expect(deriveAuthorizationUrl(baseUrl)).toBe(expected);
  });

  it.each([
    ['https://rapid.example.com', 'https://rapid.example.com/auth'],
    ['https://example.com/api', 'https://example.com/api/auth'],
    ['https://apis.example.com', 'https://apis.example.com/auth'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787/auth'],
  ])('never rewrites a label or path that merely contains api: %s -> %s', (baseUrl, expected) => {
    expect(deriveAuthorizationUrl(baseUrl)).toBe(expected);
  });

  it('is what the client uses when no authorizationUrl is given', () => {
    expect(resolveOptions({ baseUrl: 'https://rapid.example.com/' }).authorizationUrl).toBe(
      'https://rapid.example.com/auth',
    );
  });
});
