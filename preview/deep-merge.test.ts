import { describe, expect, it } from 'vitest';
import { deepMerge, type MergeReport } from './deep-merge';

const base = {
  name: 'Pawloween',
  texts: { tagline: 'Spooky', signIn: 'Sign In' },
  colors: { primary: '#ff7a1a', accent: '#9b5cf6' },
  tags: ['a', 'b', 'c'],
};

describe('deepMerge', () => {
  it('merges nested objects key by key, keeping the defaults it does not override', () => {
    const merged = deepMerge(base, { texts: { tagline: 'Boo' }, colors: { accent: '#000000' } });
    expect(merged).toEqual({
      name: 'Pawloween',
      texts: { tagline: 'Boo', signIn: 'Sign In' },
      colors: { primary: '#ff7a1a', accent: '#000000' },
      tags: ['a', 'b', 'c'],
    });
  });

  it('replaces arrays instead of merging them item by item', () => {
    expect(deepMerge(base, { tags: ['z'] }).tags).toEqual(['z']);
  });

  it('replaces primitives and adds keys the defaults do not have', () => {
    const merged = deepMerge(base, { name: 'Catoween', extra: { deep: [1] } });
    expect(merged.name).toBe('Catoween');
    expect((merged as Record<string, unknown>).extra).toEqual({ deep: [1] });
  });

  it('leaves the defaults untouched', () => {
    deepMerge(base, { texts: { tagline: 'Boo' }, tags: ['z'] });
    expect(base.texts.tagline).toBe('Spooky');
    expect(base.tags).toEqual(['a', 'b', 'c']);
  });

  it('ignores __proto__, constructor and prototype keys at any depth', () => {
    const report: MergeReport = { mismatched: [], forbidden: [] };
    const override = JSON.parse(
      '{"__proto__": {"polluted": true}, "texts": {"constructor": {"prototype": {"polluted": true}}},' +
        ' "fresh": {"__proto__": {"polluted": true}, "ok": 1}}',
    );
    const merged = deepMerge(base, override, report) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(merged.polluted).toBeUndefined();
    expect(Object.keys(merged.texts as object)).toEqual(['tagline', 'signIn']);
    expect(Object.getPrototypeOf(merged.fresh)).toBe(Object.prototype);
    expect(merged.fresh).toEqual({ ok: 1 });
    expect(report.forbidden).toEqual(['__proto__', 'texts.constructor', 'fresh.__proto__']);
  });

  it('keeps the default and reports the path when an override has the wrong kind', () => {
    const report: MergeReport = { mismatched: [], forbidden: [] };
    const merged = deepMerge(
      base,
      { texts: 'Boo', colors: { primary: 5 }, tags: { 0: 'x' } },
      report,
    );
    expect(merged.texts).toEqual(base.texts);
    expect(merged.colors.primary).toBe('#ff7a1a');
    expect(merged.tags).toEqual(base.tags);
    expect(report.mismatched).toEqual(['texts', 'colors.primary', 'tags']);
  });

  it('returns the defaults when the override is not an object', () => {
    expect(deepMerge(base, ['x'])).toBe(base);
    expect(deepMerge(base, 'x')).toBe(base);
  });
});
