import { describe, expect, it } from 'vitest';
import { ensureChromium, type Machine } from '../e2e/support/chromium';

function machine(options: { files: string[]; root: boolean; installs: boolean }) {
  const files = new Set(options.files);
  const ran: string[] = [];
  const said: string[] = [];
  const fake: Machine = {
    has: (file) => files.has(file),
    isRoot: () => options.root,
    run(command, args) {
      ran.push([command, ...args].join(' '));
      if (options.installs && args.includes('install')) files.add('/usr/bin/chromium');
      return options.installs;
    },
    say: (line) => said.push(line),
  };
  return { fake, ran, said };
}

describe('chromium for the browser journeys', () => {
  it('does nothing when chromium is there', () => {
    const { fake, ran } = machine({
      files: ['/usr/bin/chromium', '/usr/bin/apt-get'],
      root: true,
      installs: true,
    });
    ensureChromium(fake);
    expect(ran).toEqual([]);
  });

  it('installs Debian’s chromium itself when run as root with apt-get, and says so', () => {
    const { fake, ran, said } = machine({
      files: ['/usr/bin/apt-get'],
      root: true,
      installs: true,
    });
    ensureChromium(fake);
    expect(ran).toEqual([
      '/usr/bin/apt-get update -qq',
      '/usr/bin/apt-get install -y -qq chromium',
    ]);
    expect(said.join('\n')).toContain('installing it');
  });

  it('names the command to run when it is not root', () => {
    const { fake, ran } = machine({ files: ['/usr/bin/apt-get'], root: false, installs: true });
    expect(() => ensureChromium(fake)).toThrow('apt-get update && apt-get install -y chromium');
    expect(ran).toEqual([]);
  });

  it('names the command to run when the install fails', () => {
    const { fake } = machine({ files: ['/usr/bin/apt-get'], root: true, installs: false });
    expect(() => ensureChromium(fake)).toThrow("need Debian's chromium");
  });
});
