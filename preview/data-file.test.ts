import { describe, expect, it, vi } from 'vitest';
import { APP_DEFAULTS } from '../domain/model/app-config';
import { readDataFile } from './data-file';

const quietLog = () => ({ log: vi.fn(), warn: vi.fn() });

describe('readDataFile', () => {
  it('deep-merges CONSTANTS into the app defaults', () => {
    const config = readDataFile(
      { CONSTANTS: { name: 'Catoween', colors: { primary: '#00ff00' } } },
      quietLog(),
    );
    expect(config).toEqual({
      ...APP_DEFAULTS,
      name: 'Catoween',
      colors: { ...APP_DEFAULTS.colors, primary: '#00ff00' },
    });
  });

  it('uses the defaults when there are no CONSTANTS', () => {
    expect(readDataFile({}, quietLog())).toEqual(APP_DEFAULTS);
  });

  it('only logs the other top-level keys', () => {
    const log = quietLog();
    const config = readDataFile({ levels: [1, 2], title: 'x', CONSTANTS: { name: 'A' } }, log);
    expect(config?.name).toBe('A');
    expect(config).not.toHaveProperty('levels');
    expect(log.log).toHaveBeenCalledWith('data.json: levels =', [1, 2]);
    expect(log.log).toHaveBeenCalledWith('data.json: title =', 'x');
  });

  it('warns and keeps the default for a constant of the wrong type', () => {
    const log = quietLog();
    const config = readDataFile({ CONSTANTS: { texts: 'hello', name: 'B' } }, log);
    expect(config?.texts).toEqual(APP_DEFAULTS.texts);
    expect(config?.name).toBe('B');
    expect(log.warn).toHaveBeenCalledWith(
      'data.json: CONSTANTS.texts has the wrong type, keeping the default',
    );
  });

  it('ignores CONSTANTS that are not an object', () => {
    const log = quietLog();
    expect(readDataFile({ CONSTANTS: ['x'] }, log)).toEqual(APP_DEFAULTS);
    expect(log.warn).toHaveBeenCalledOnce();
  });

  it('returns undefined for a file that is not a JSON object', () => {
    expect(readDataFile([1], quietLog())).toBeUndefined();
    expect(readDataFile('text', quietLog())).toBeUndefined();
    expect(readDataFile(null, quietLog())).toBeUndefined();
  });
});
