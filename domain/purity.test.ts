import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('domain/ purity (DESIGN.md "Shape")', () => {
  const files = sources(root);

  it.each(files.map((f) => [relative(root, f), f]))(
    '%s imports only domain/ and zod',
    (_, file) => {
      const text = readFileSync(file, 'utf8');
      const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map(
        (m) => m[1] ?? '',
      );
      for (const specifier of specifiers) {
        if (specifier === 'zod' || specifier.startsWith('zod/')) continue;
        expect(specifier, `${file}: ${specifier}`).toMatch(/^\./);
        expect(resolve(file, '..', specifier).startsWith(root), `${file}: ${specifier}`).toBe(true);
      }
    },
  );

  it.each(files.map((f) => [relative(root, f), f]))(
    '%s reaches time and the outside world only through ports',
    (_, file) => {
      const code = readFileSync(file, 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
      expect(code).not.toMatch(
        /\bDate\.now\b|new Date\(\)|(?<![.\w])(setTimeout|setInterval|fetch|window|document|localStorage|process)\b(?!\??:)/,
      );
    },
  );
});
