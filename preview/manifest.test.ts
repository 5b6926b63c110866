import { describe, expect, it } from 'vitest';
import { buildAssetTable, parseManifest, type Manifest } from './manifest';

function violations(json: unknown): string[] {
  const result = parseManifest(json);
  if (result.ok) throw new Error('expected the manifest to be rejected');
  return result.violations;
}

describe('parseManifest: the rules of SPEC.md section 5', () => {
  it('accepts bundles of aliased assets, keeping extra fields', () => {
    const result = parseManifest({
      bundles: [
        { name: 'pets', assets: [{ alias: 'dog1', src: '/p/dog1.png', credit: 'Fluent' }] },
        { name: 'empty' },
      ],
    });
    expect(result).toEqual({
      ok: true,
      manifest: {
        bundles: [
          { name: 'pets', assets: [{ alias: 'dog1', src: '/p/dog1.png', credit: 'Fluent' }] },
          { name: 'empty' },
        ],
      },
    });
  });

  it('rejects a manifest that is not an object', () => {
    expect(violations([])).toEqual(['manifest: expected an object, received array']);
    expect(violations('bundles')).toEqual(['manifest: expected an object, received string']);
    expect(violations(null)).toEqual(['manifest: expected an object, received null']);
  });

  it('rejects a manifest without bundles', () => {
    expect(violations({})).toEqual(['bundles: expected a list, received undefined']);
  });

  it('rejects bundles that are not a list', () => {
    expect(violations({ bundles: { pets: [] } })).toEqual([
      'bundles: expected a list, received object',
    ]);
  });

  it('rejects a bundle that is not an object', () => {
    expect(violations({ bundles: ['pets'] })).toEqual([
      'bundles[0]: expected an object, received string',
    ]);
  });

  it('rejects a bundle name that is missing, empty or not a string', () => {
    expect(violations({ bundles: [{}, { name: '' }, { name: 7 }] })).toEqual([
      'bundles[0].name: expected a non-empty string, received undefined',
      'bundles[1].name: expected a non-empty string, received an empty string',
      'bundles[2].name: expected a non-empty string, received number',
    ]);
  });

  it('rejects assets that are not a list', () => {
    expect(violations({ bundles: [{ name: 'pets', assets: 'dog1.png' }] })).toEqual([
      'bundles[0].assets: expected a list, received string',
    ]);
  });

  it('rejects an asset that is not an object', () => {
    expect(violations({ bundles: [{ name: 'pets', assets: [null] }] })).toEqual([
      'bundles[0].assets[0]: expected an object, received null',
    ]);
  });

  it('rejects an asset alias or src that is missing, empty or not a string, naming each place', () => {
    const manifest = {
      bundles: [
        { name: 'pets', assets: [{ alias: 'dog1', src: '/a.png' }] },
        { name: 'costumes', assets: [] },
        {
          name: 'landing',
          assets: [
            { alias: 3, src: '/b.png' },
            { alias: 'loop-1', src: '' },
            { src: '/c.png' },
            { alias: 'x', src: ['/d.png'] },
          ],
        },
      ],
    };
    expect(violations(manifest)).toEqual([
      'bundles[2].assets[0].alias: expected a non-empty string, received number',
      'bundles[2].assets[1].src: expected a non-empty string, received an empty string',
      'bundles[2].assets[2].alias: expected a non-empty string, received undefined',
      'bundles[2].assets[3].src: expected a non-empty string, received array',
    ]);
  });
});

describe('buildAssetTable', () => {
  const manifest: Manifest = {
    bundles: [
      {
        name: 'pets',
        assets: [
          { alias: 'dog1', src: '/presets/pets/dog1.png', width: 300 },
          { alias: 'cat1', src: 'https://cdn.test/cat1.png?v=2' },
        ],
      },
      { name: 'landing', assets: [{ alias: 'after-1', src: '/media/landing/after-1.webp' }] },
      { name: 'empty' },
    ],
  };

  it('keys assets by bundle name and alias, with path and the extra fields', () => {
    expect(buildAssetTable(manifest)).toEqual({
      pets: {
        dog1: { path: '/presets/pets/dog1.png', width: 300 },
        cat1: { path: 'https://cdn.test/cat1.png?v=2' },
      },
      landing: { 'after-1': { path: '/media/landing/after-1.webp' } },
      empty: {},
    });
  });

  it('stamps every path with t when a timestamp is given', () => {
    const table = buildAssetTable(manifest, '1730');
    expect(table.pets?.dog1?.path).toBe('/presets/pets/dog1.png?t=1730');
    expect(table.pets?.cat1?.path).toBe('https://cdn.test/cat1.png?v=2&t=1730');
    expect(table.landing?.['after-1']?.path).toBe('/media/landing/after-1.webp?t=1730');
  });

  it('lets a later bundle of the same name add to and override an earlier one', () => {
    const table = buildAssetTable({
      bundles: [
        {
          name: 'pets',
          assets: [
            { alias: 'dog1', src: '/old.png' },
            { alias: 'cat1', src: '/c.png' },
          ],
        },
        { name: 'pets', assets: [{ alias: 'dog1', src: '/new.png' }] },
      ],
    });
    expect(table.pets).toEqual({ dog1: { path: '/new.png' }, cat1: { path: '/c.png' } });
  });

  it('keeps names like __proto__ as plain keys and drops prototype-polluting extra fields', () => {
    const result = parseManifest(
      JSON.parse(
        '{"bundles":[{"name":"__proto__","assets":[{"alias":"constructor","src":"/a.png",' +
          '"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"ok":1}]}]}',
      ),
    );
    if (!result.ok) throw new Error(result.violations.join());
    const table = buildAssetTable(result.manifest);
    expect(Object.getPrototypeOf(table)).toBe(Object.prototype);
    expect(Object.keys(table)).toEqual(['__proto__']);
    expect(table['__proto__']?.constructor).toEqual({ ok: 1, path: '/a.png' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
