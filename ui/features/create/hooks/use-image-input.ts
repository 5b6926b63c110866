import { useState } from 'react';
import { SNIFF_BYTES } from '../../../../domain/model/image-file';
import {
  checkChosenFile,
  checkImageFile,
  checkSentImage,
  describeUnreadable,
} from '../../../../domain/use-cases/select-inputs';
import { dataUrlBytes } from './data-url-bytes';
import { downsizeImage } from './downsize-image';

const UNREADABLE = 'That image could not be read. Please choose another picture.';

// The file's name tells the person which of their files was refused.
const named = (file: File, problem: string) => `"${file.name}": ${problem}`;

/**
 * One upload zone's file handling: what the file's first bytes say it is (a HEIC photo or a text
 * file named .jpg is refused by name), at most 25 MB as chosen, downsized to 1536 px, at most 10 MB
 * as sent, then onImage.
 */
export function useImageInput(onImage: (dataUrl: string | undefined) => void) {
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const accept = async (file: File) => {
    setBusy(true);
    try {
      const head = new Uint8Array(await readBytes(file.slice(0, SNIFF_BYTES)));
      const check = checkChosenFile({ name: file.name, size: file.size, head });
      if (!check.ok) return setError(check.message);
      let dataUrl: string;
      try {
        dataUrl = await downsizeImage(file, check.type);
      } catch {
        return setError(describeUnreadable(file.name, check.kind));
      }
      const tooBig = checkSentImage(file.name, dataUrlBytes(dataUrl));
      if (tooBig) return setError(tooBig);
      setError(undefined);
      onImage(dataUrl);
    } catch {
      setError(named(file, UNREADABLE));
    } finally {
      setBusy(false);
    }
  };

  return {
    error,
    busy,
    accept: (file: File) => void accept(file),
    reject: (file: File) => setError(named(file, checkImageFile(file) ?? UNREADABLE)),
    dismissError: () => setError(undefined),
    clear: () => {
      setError(undefined);
      onImage(undefined);
    },
  };
}

/** Blob.arrayBuffer where there is one (browsers), FileReader otherwise (older jsdom). */
function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}
