import { LIMITS } from '../../../../domain/model/constants';

/** The centred square of a width x height image, and the side it is drawn at (at most maxSide). */
export function avatarCrop(width: number, height: number, maxSide: number = LIMITS.avatarSidePx) {
  const side = Math.min(width, height);
  return {
    sx: Math.round((width - side) / 2),
    sy: Math.round((height - side) / 2),
    side,
    out: Math.max(1, Math.min(maxSide, side)),
  };
}

/** True for the files the avatar picker takes (SPEC.md: image files only). */
export function isImageFile(file: Blob): boolean {
  return file.type.startsWith('image/');
}

/**
 * The chosen image as a square data URL of at most 256 px (DESIGN.md "Avatar"), small enough to
 * live in the synced 'user-profile' entry.
 */
export async function downsizeAvatar(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    const { sx, sy, side, out } = avatarCrop(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = out;
    canvas.height = out;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas is not available to resize the image');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, sx, sy, side, side, 0, 0, out, out);
    // PNG keeps transparency; photos are far smaller as JPEG.
    return file.type === 'image/png' || file.type === 'image/gif'
      ? canvas.toDataURL('image/png')
      : canvas.toDataURL('image/jpeg', 0.9);
  } finally {
    bitmap.close();
  }
}
