import { describe, expect, it, vi } from 'vitest';
import { MemoryLocalStorage } from '../../adapters/memory/memory-local-storage';
import { forgetLocalCopy, LocalCopy } from './storage-sync-local';
import { keepMineIfChanged } from './storage-sync-merge';

const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Device storage that refuses writes (full, or blocked) while `full` is set. */
class FullableStorage extends MemoryLocalStorage {
  full = false;
  override setItem(key: string, value: string): void | false {
    if (this.full) return false;
    super.setItem(key, value);
  }
}

function copy() {
  const local = new FullableStorage();
  const onRefusal = vi.fn();
  return { local, onRefusal, copy: new LocalCopy('gallery', [], isStringList, local, onRefusal) };
}

describe('LocalCopy: the device copy of one key and its unsent edits', () => {
  it('reads nothing stored as the initial value, without writing it', () => {
    const { local, copy: c } = copy();
    expect(c.read()).toEqual([]);
    expect(local.entries.size).toBe(0);
  });

  it('reads what it wrote, and replaces what is not JSON by the initial value', () => {
    const { local, copy: c } = copy();
    c.write(['a']);
    expect(c.read()).toEqual(['a']);
    local.setItem('gallery', '{broken');
    expect(c.read()).toEqual([]);
    expect(local.getItem('gallery')).toBe('[]');
  });

  it('keeps the unsent edits of an owner, and drops a marker that is not one', () => {
    const { local, copy: c } = copy();
    c.writePending({ owner: 'u1', base: ['a'] });
    expect(local.getItem('gallery:pending')).toBe('{"owner":"u1","base":["a"]}');
    expect(c.readPending()).toEqual({ owner: 'u1', base: ['a'] });
    for (const junk of [
      '{"owner":7,"base":[]}',
      '{"owner":"u1","base":"x"}',
      '{"base":[]}',
      'nope',
    ]) {
      local.setItem('gallery:pending', junk);
      expect(c.readPending(), junk).toBeUndefined();
      expect(local.getItem('gallery:pending'), junk).toBeUndefined();
    }
    expect(copy().copy.readPending()).toBeUndefined();
  });

  it('says when the device starts and stops refusing, once each, for value and marker alike', () => {
    const { local, onRefusal, copy: c } = copy();
    local.full = true;
    c.write(['a']);
    expect(c).toMatchObject({ refusing: true, valueRefused: true });
    c.writePending({ owner: 'u1', base: [] });
    expect(onRefusal).toHaveBeenCalledTimes(1);
    local.full = false;
    c.write(['a']);
    expect(c).toMatchObject({ refusing: true, valueRefused: false });
    expect(onRefusal).toHaveBeenCalledTimes(1);
    c.writePending(undefined);
    expect(c.refusing).toBe(false);
    expect(onRefusal).toHaveBeenCalledTimes(2);
  });

  it('a removal is never refused: it ends a refusal of the value', () => {
    const { local, onRefusal, copy: c } = copy();
    local.full = true;
    c.write(['a']);
    c.remove();
    expect(c).toMatchObject({ refusing: false, valueRefused: false });
    expect(onRefusal).toHaveBeenCalledTimes(2);
  });

  it('a stored marker ends a refusal of the marker', () => {
    const { local, copy: c } = copy();
    local.full = true;
    c.writePending({ owner: 'u1', base: [] });
    expect(c.refusing).toBe(true);
    local.full = false;
    c.writePending({ owner: 'u1', base: [] });
    expect(c.refusing).toBe(false);
  });
});

describe('keepMineIfChanged: the last writer wins, unless this device changed nothing', () => {
  it('keeps mine when I changed it, theirs when I did not', () => {
    expect(keepMineIfChanged(['a'], ['a', 'b'], ['c'])).toEqual(['a', 'b']);
    expect(keepMineIfChanged(['a'], ['a'], ['c'])).toEqual(['c']);
  });
});

describe('forgetLocalCopy', () => {
  it('removes the value, its unsent edits and what was set aside, and nothing else', () => {
    const { local, copy: c } = copy();
    local.setItem('other', '1');
    c.write(['a']);
    c.writePending({ owner: 'u1', base: [] });
    c.setAside('{broken', 'device');
    expect(local.entries.size).toBe(4);
    forgetLocalCopy(local, 'gallery');
    expect([...local.entries.keys()]).toEqual(['other']);
  });
});
