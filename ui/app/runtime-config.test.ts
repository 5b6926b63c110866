import { afterEach, describe, expect, it } from 'vitest';
import { META, readRuntimeConfig } from './runtime-config';

afterEach(() => {
  document.head.innerHTML = '';
});

function addMeta(name: string, content: string) {
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.append(meta);
}

describe('readRuntimeConfig', () => {
  it('talks to the platform on its own origin and runs as a demo without a project token', () => {
    expect(readRuntimeConfig(document, window.location)).toEqual({
      platformUrl: window.location.origin,
      projectToken: undefined,
    });
  });

  it('takes the project token and platform address the serving page names', () => {
    addMeta(META.projectToken, 'pk_local_pawloween');
    addMeta(META.platformUrl, 'https://api.example.test');
    expect(readRuntimeConfig(document, window.location)).toEqual({
      platformUrl: 'https://api.example.test',
      projectToken: 'pk_local_pawloween',
    });
  });
});
