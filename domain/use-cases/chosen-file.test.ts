import { describe, expect, it } from 'vitest';
import { sniffFile } from '../model/image-file';
import { checkChosenFile, checkSentImage, describeUnreadable } from './select-inputs';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );

/** An ISO media file's ftyp box: size, 'ftyp', major brand, version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) =>
  bytes([0, 0, 0, 16 + 4 * compatible.length], 'ftyp', major, [0, 0, 0, 0], ...compatible);

const MB = 1024 * 1024;
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe1, 0, 0x18], 'Exif');

describe('what a chosen file is, from its first bytes', () => {
  it.each([
    ['jpeg', JPEG],
    ['png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a])],
    ['webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ')],
    ['gif', bytes('GIF89a')],
    ['heic', ftyp('heic', 'mif1', 'heic')],
    ['heic', ftyp('heix', 'mif1')],
    ['heic', ftyp('mif1', 'heic')],
    ['heic', ftyp('msf1', 'hevc')],
    ['avif', ftyp('avif', 'mif1', 'miaf')],
    ['unknown', ftyp('isom', 'mp41')],
    ['pdf', bytes('%PDF-1.7\n')],
    ['text', bytes('not a picture\n')],
    ['svg', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['unknown', bytes([0, 1, 2, 3, 4, 5])],
    ['unknown', bytes()],
  ] as const)('%s', (kind, head) => {
    expect(sniffFile(head)).toBe(kind);
  });
});

describe('checkChosenFile', () => {
  it('takes a JPEG by its bytes whatever its name, up to 25 MB', () => {
    expect(checkChosenFile({ name: 'rex', size: 25 * MB, head: JPEG })).toEqual({
      ok: true,
      kind: 'jpeg',
      type: 'image/jpeg',
    });
    expect(checkChosenFile({ name: 'IMG_1.jpg', size: 25 * MB + 1, head: JPEG })).toEqual({
      ok: false,
      message: '"IMG_1.jpg" is larger than 25 MB. Please choose a smaller one.',
    });
  });

  it('names a HEIC photo as such, even named .jpg, and says what to do', () => {
    const check = checkChosenFile({ name: 'IMG_0042.jpg', size: 3 * MB, head: ftyp('heic') });
    expect(check).toEqual({
      ok: false,
      message:
        '"IMG_0042.jpg" is a HEIC/HEIF photo (the iPhone camera format), which this app cannot read. Save it as JPEG or PNG and try again.',
    });
  });

  it('names a text file named .jpg as a text file', () => {
    const check = checkChosenFile({ name: 'notes.jpg', size: 14, head: bytes('not a picture\n') });
    expect(check).toEqual({
      ok: false,
      message: '"notes.jpg" is a text file, not a picture. Save it as JPEG or PNG and try again.',
    });
  });

  it('refuses what it cannot name at all', () => {
    const check = checkChosenFile({ name: 'x.png', size: 6, head: bytes([0, 1, 2, 3, 4, 5]) });
    expect(check).toEqual({
      ok: false,
      message: '"x.png" is not a picture this app can read. Save it as JPEG or PNG and try again.',
    });
  });

  it('a picture that does not decode, and one still over 10 MB after resizing', () => {
    expect(describeUnreadable('cut.jpg', 'jpeg')).toBe(
      '"cut.jpg" looks like a JPEG image but could not be read (it may be damaged or cut short). Save it as JPEG or PNG and try again.',
    );
    expect(checkSentImage('big.png', 10 * MB)).toBeUndefined();
    expect(checkSentImage('big.png', 10 * MB + 1)).toBe(
      '"big.png" is still larger than 10 MB after resizing to 1536 px. Save it as JPEG or PNG and try again.',
    );
  });
});
