// What pack:client and pack:platform share: packing a staged package folder with npm, and the
// notice of a package bundled into one (its licence's own text, as MIT and the like ask).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The file a package ships naming what others made in it, with their licences. */
export const NOTICES = 'THIRD_PARTY_NOTICES.md';

/** `npm pack` of a staged package folder into `destination`; answers the tarball's path. */
export function npmPack(packageDir: string, destination: string): string {
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', destination], {
      cwd: packageDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  ) as { filename: string }[];
  return path.join(destination, packed[0]!.filename);
}

/**
 * An installed package's notice: a heading naming it, its version and licence, and the text of
 * its licence file. Throws for a package that ships none, so no notice goes out without its text.
 */
export function licenceNotice(dir: string, heading = '##'): string {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    license?: string;
  };
  const file = readdirSync(dir).find((name) => /^(licen[cs]e|copying)(\.|$)/i.test(name));
  if (!file) throw new Error(`${manifest.name} ships no licence file to copy into ${NOTICES}`);
  const text = readFileSync(path.join(dir, file), 'utf8').trim();
  return `${heading} ${manifest.name} ${manifest.version} (${manifest.license ?? 'see its licence'})\n\n\`\`\`text\n${text}\n\`\`\`\n`;
}
