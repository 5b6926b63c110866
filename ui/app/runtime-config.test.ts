import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONFIG_FILE,
  META,
  RuntimeConfigError,
  loadRuntimeConfig,
  parseConfigFile,
  readRuntimeConfig,
} from './runtime-config';

afterEach(() => {
  document.head.innerHTML = '';
});

function addMeta(name: string, content: string) {
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.append(meta);
}

const answer = (status: number, body = '') =>
  vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(body, { status }));

describe('readRuntimeConfig', () => {
  it('talks to the platform on its own origin and runs as a demo without a project token', () => {
    expect(readRuntimeConfig(document, window.location)).toEqual({
      platformUrl: window.location.origin,
      authorizationUrl: undefined,
      projectToken: undefined,
    });
  });

  it('takes the project token and platform address the serving page names', () => {
    addMeta(META.projectToken, 'pk_local_pawloween');
    addMeta(META.platformUrl, 'https://api.example.test');
    expect(readRuntimeConfig(document, window.location)).toEqual({
      platformUrl: 'https://api.example.test',
      authorizationUrl: undefined,
      projectToken: 'pk_local_pawloween',
    });
  });
});

describe('loadRuntimeConfig', () => {
  it('asks for nothing when the local platform served the page (its token is in a meta tag)', async () => {
    addMeta(META.projectToken, 'pk_local_pawloween');
    const fetchFile = answer(200, '{"platformUrl":"https://elsewhere.test"}');
    const config = await loadRuntimeConfig(document, window.location, fetchFile);
    expect(fetchFile).not.toHaveBeenCalled();
    expect(config.platformUrl).toBe(window.location.origin);
  });

  it('reads the deployment file beside index.html on a static host', async () => {
    const fetchFile = answer(
      200,
      JSON.stringify({
        platformUrl: 'https://api.pawloween.example/',
        authorizationUrl: 'https://auth.pawloween.example/sign-in',
        projectToken: ' pk_live_123 ',
      }),
    );
    const config = await loadRuntimeConfig(document, window.location, fetchFile);
    expect(String(fetchFile.mock.calls[0]![0])).toBe(new URL(CONFIG_FILE, document.baseURI).href);
    expect(config).toEqual({
      platformUrl: 'https://api.pawloween.example',
      authorizationUrl: 'https://auth.pawloween.example/sign-in',
      projectToken: 'pk_live_123',
    });
  });

  it('keeps the defaults when there is no file', async () => {
    expect(await loadRuntimeConfig(document, window.location, answer(404))).toEqual(
      readRuntimeConfig(document, window.location),
    );
  });

  it('refuses a file it cannot use rather than calling the wrong host', async () => {
    await expect(loadRuntimeConfig(document, window.location, answer(500))).rejects.toThrow(
      'could not be read (HTTP 500)',
    );
    await expect(
      loadRuntimeConfig(document, window.location, answer(200, '<html>')),
    ).rejects.toBeInstanceOf(RuntimeConfigError);
  });
});

describe('parseConfigFile', () => {
  it.each([
    ['[]', 'must hold one JSON object'],
    ['{"platformURL":"https://api.x.test"}', 'unknown settings: platformURL'],
    ['{"platformUrl":""}', 'platformUrl must be a non-empty string'],
    ['{"platformUrl":42}', 'platformUrl must be a non-empty string'],
    ['{"platformUrl":"api.x.test"}', 'must be a full address'],
    ['{"platformUrl":"javascript:alert(1)"}', 'must be an http or https address'],
    ['{"authorizationUrl":"https://u:p@auth.x.test"}', 'without credentials'],
  ])('refuses %s', (text, message) => {
    expect(() => parseConfigFile(text)).toThrow(message);
  });
});

describe("README's Deploy section", () => {
  const readme = readFileSync(path.join(process.cwd(), 'README.md'), 'utf8');
  const deploy = readme.slice(
    readme.indexOf('## Deploy'),
    readme.indexOf('\n## ', readme.indexOf('## Deploy') + 1),
  );

  it('shows a config file the app takes as it is, with every setting its table names', () => {
    const example = /```json\n([\s\S]*?)```/.exec(deploy)?.[1];
    expect(example).toBeDefined();
    const file = parseConfigFile(example!);
    const tableSettings = [...deploy.matchAll(/^\| `(\w+)`/gm)].map((match) => match[1]);
    expect(Object.keys(file).sort()).toEqual([...tableSettings].sort());
  });
});
