import { describe, expect, it } from 'vitest';
import { knownParentOrigin } from './parent-origin';

describe('knownParentOrigin', () => {
  it('prefers the origin query parameter the host sets', () => {
    expect(
      knownParentOrigin('?t=1&origin=http%3A%2F%2Feditor.test%3A8080', 'http://other.test/'),
    ).toBe('http://editor.test:8080');
  });

  it('falls back to the referrer origin', () => {
    expect(knownParentOrigin('?t=1', 'https://editor.test/projects/7?tab=code')).toBe(
      'https://editor.test',
    );
  });

  it('knows nothing without either, or from a null or malformed origin', () => {
    expect(knownParentOrigin('', '')).toBeUndefined();
    expect(knownParentOrigin('?origin=null', '')).toBeUndefined();
    expect(knownParentOrigin('?origin=not a url', 'about:blank')).toBeUndefined();
  });
});
