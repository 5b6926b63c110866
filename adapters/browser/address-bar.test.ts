// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { takeAccessToken } from './address-bar';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('takeAccessToken', () => {
  it('returns the token and removes only it, keeping the other parameters and the hash', () => {
    window.history.replaceState(null, '', '/app/?t=12%2034&accessToken=abc.def.ghi&x=1#gallery');
    expect(takeAccessToken(window)).toBe('abc.def.ghi');
    expect(window.location.pathname).toBe('/app/');
    expect(window.location.search).toBe('?t=12%2034&x=1');
    expect(window.location.hash).toBe('#gallery');
  });

  it('leaves no question mark when the token was the only parameter', () => {
    window.history.replaceState(null, '', '/?accessToken=tok');
    expect(takeAccessToken(window)).toBe('tok');
    expect(window.location.href).toBe(`${window.location.origin}/`);
  });

  it('replaces the current history entry instead of adding one, so Back cannot restore the token', () => {
    window.history.replaceState(null, '', '/?accessToken=tok');
    const before = window.history.length;
    takeAccessToken(window);
    expect(window.history.length).toBe(before);
  });

  it('keeps the history state object', () => {
    window.history.replaceState({ view: 'gallery' }, '', '/?accessToken=tok');
    takeAccessToken(window);
    expect(window.history.state).toEqual({ view: 'gallery' });
  });

  it('does nothing without the parameter', () => {
    window.history.replaceState(null, '', '/?access=1#x');
    expect(takeAccessToken(window)).toBeUndefined();
    expect(window.location.search).toBe('?access=1');
  });

  it('removes an empty accessToken without returning it', () => {
    window.history.replaceState(null, '', '/?accessToken=&a=b');
    expect(takeAccessToken(window)).toBeUndefined();
    expect(window.location.search).toBe('?a=b');
  });
});
