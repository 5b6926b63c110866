import { describe, expect, it } from 'vitest';
import { readTimestamp, withTimestamp } from './timestamp';

describe('readTimestamp', () => {
  it('takes t from the page query', () => {
    expect(readTimestamp('?t=1730000000000&debug', () => 5)).toEqual({
      value: '1730000000000',
      fromQuery: true,
    });
  });

  it('falls back to the current time when t is absent or empty', () => {
    expect(readTimestamp('', () => 42)).toEqual({ value: '42', fromQuery: false });
    expect(readTimestamp('?t=', () => 43)).toEqual({ value: '43', fromQuery: false });
  });
});

describe('withTimestamp', () => {
  it('appends ?t= to a path without a query', () => {
    expect(withTimestamp('/presets/pets/dog1.png', '99')).toBe('/presets/pets/dog1.png?t=99');
  });

  it('appends &t= to a path that already has a query', () => {
    expect(withTimestamp('https://cdn.test/a.png?w=300', '99')).toBe(
      'https://cdn.test/a.png?w=300&t=99',
    );
  });

  it('keeps a fragment at the end', () => {
    expect(withTimestamp('/sprites.svg#ghost', '99')).toBe('/sprites.svg?t=99#ghost');
  });

  it('encodes the timestamp', () => {
    expect(withTimestamp('/a.png', 'a b&c')).toBe('/a.png?t=a%20b%26c');
  });

  it('leaves data: and blob: URLs alone', () => {
    expect(withTimestamp('data:image/png;base64,AAAA', '99')).toBe('data:image/png;base64,AAAA');
    expect(withTimestamp('blob:http://x.test/1', '99')).toBe('blob:http://x.test/1');
  });
});
