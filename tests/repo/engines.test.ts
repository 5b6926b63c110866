import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

describe('the Node versions package.json promises', () => {
  // npm ci warns EBADENGINE when the running Node is outside a package's engines range: check the
  // oldest Node that package.json promises and the one running the tests.
  const nodes = [semver.minVersion(manifest.engines.node)!.version, process.versions.node];

  it.each(nodes)('every locked package accepts Node %s (npm ci prints no EBADENGINE)', (node) => {
    const refusing = Object.entries(lock.packages)
      .filter(([where]) => where !== '')
      .flatMap(([where, entry]) => {
        const wants = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        if (!wants || semver.satisfies(node, wants)) return [];
        return [`${where.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${wants}`];
      });
    expect(refusing).toEqual([]);
  });
});
