// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { consoleRow } from './host-console';

const at = new Date('2026-10-31T20:15:00Z');

describe('consoleRow', () => {
  it('shows an uncaught error with its place and a folded stack', () => {
    const row = consoleRow(
      document,
      {
        type: 'consoleError',
        message: 'Uncaught Error: boom',
        file: 'http://localhost:8787/assets/preview-abc.js',
        line: 81,
        column: 5316,
        stack: 'Error: boom\n    at x',
      },
      at,
    );
    expect(row.className).toBe('row row-thrown');
    expect(row.querySelector('.row-message')?.textContent).toBe('Uncaught Error: boom');
    expect(row.querySelector('.row-source')?.textContent).toBe('/assets/preview-abc.js:81:5316');
    expect(row.querySelector('details pre')?.textContent).toBe('Error: boom\n    at x');
  });

  it('marks a forwarded console.error and leaves out what it does not know', () => {
    const row = consoleRow(
      document,
      { type: 'consoleError', message: 'console.error: <img src=x onerror=alert(1)>' },
      at,
    );
    expect(row.className).toBe('row row-logged');
    expect(row.querySelector('.row-source')).toBeNull();
    expect(row.querySelector('details')).toBeNull();
    // Text, never markup: the preview is not trusted to write into the host.
    expect(row.querySelector('img')).toBeNull();
  });
});
