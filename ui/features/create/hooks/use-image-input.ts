import { useState } from 'react';
import { checkImageFile } from '../../../../domain/use-cases/select-inputs';
import { downsizeImage } from './downsize-image';

const UNREADABLE = 'That image could not be read. Please choose another picture.';

// The file's name tells the person which of their files was refused.
const named = (file: File, problem: string) => `"${file.name}": ${problem}`;

/** One upload zone's file handling: the domain's file check, downsizing to 1536 px, then onImage. */
export function useImageInput(onImage: (dataUrl: string | undefined) => void) {
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const accept = async (file: File) => {
    const problem = checkImageFile(file);
    setError(problem && named(file, problem));
    if (problem) return;
    setBusy(true);
    try {
      onImage(await downsizeImage(file));
    } catch {
      setError(UNREADABLE);
    } finally {
      setBusy(false);
    }
  };

  return {
    error,
    busy,
    accept: (file: File) => void accept(file),
    reject: (file: File) => setError(named(file, checkImageFile(file) ?? UNREADABLE)),
    clear: () => {
      setError(undefined);
      onImage(undefined);
    },
  };
}
