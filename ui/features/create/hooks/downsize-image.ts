import { LIMITS } from '../../../../domain/model/constants';

/**
 * Reads an image file as a data URL no larger than LIMITS.maxUploadSidePx on its long side
 * (DESIGN.md "Inputs"), so uploads stay small. Smaller images are sent as they are, unless they
 * weigh more than the 10 MB that may be sent; those are encoded again at their own size.
 * `type` is the file's real media type, read from its first bytes (a file's own type can lie).
 */
export async function downsizeImage(
  file: Blob,
  type: string = file.type,
  maxSide: number = LIMITS.maxUploadSidePx,
): Promise<string> {
  const bitmap = await loadImage(file);
  try {
    const longest = Math.max(bitmap.width, bitmap.height);
    if (longest <= maxSide && file.size <= LIMITS.maxUploadBytes)
      return await readAsDataUrl(new Blob([file], { type }));
    const scale = Math.min(1, maxSide / longest);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas is not available to resize the image');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap.source, 0, 0, canvas.width, canvas.height);
    // PNG keeps transparency (costume characters often have it); photos go as JPEG.
    return type === 'image/png' || type === 'image/gif'
      ? canvas.toDataURL('image/png')
      : canvas.toDataURL('image/jpeg', 0.9);
  } finally {
    bitmap.release();
  }
}

interface LoadedImage {
  width: number;
  height: number;
  source: CanvasImageSource;
  release: () => void;
}

async function loadImage(file: Blob): Promise<LoadedImage> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return {
      width: bitmap.width,
      height: bitmap.height,
      source: bitmap,
      release: () => bitmap.close(),
    };
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return {
    width: image.naturalWidth,
    height: image.naturalHeight,
    source: image,
    release: () => URL.revokeObjectURL(url),
  };
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
