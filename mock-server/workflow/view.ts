import { PORTRAIT_SIZE } from './scene';

/**
 * One video frame's view of the portrait: the camera's crop scaled to the frame. What is drawn per
 * frame in screen pixels (lights, fog, bats) finds the portrait's pixel under it here.
 */
export interface View {
  /** The frame's side in pixels. */
  readonly size: number;
  readonly toScreenX: (x: number) => number;
  readonly toScreenY: (y: number) => number;
  /** The portrait's column under each column of the frame, and its row under each row. */
  readonly columns: Int32Array;
  readonly rows: Int32Array;
}

export function viewOf(camera: { left: number; top: number; crop: number }, size: number): View {
  const zoom = size / camera.crop;
  const under = (start: number) =>
    Int32Array.from({ length: size }, (_, s) =>
      Math.min(PORTRAIT_SIZE - 1, Math.floor(start + (s + 0.5) / zoom)),
    );
  return {
    size,
    toScreenX: (x) => (x - camera.left) * zoom,
    toScreenY: (y) => (y - camera.top) * zoom,
    columns: under(camera.left),
    rows: under(camera.top),
  };
}

/** How much the figure hides at a frame pixel (0..1): its mask, read through the view. */
export function hiderOf(
  mask: Uint8Array | undefined,
  view: View,
): (x: number, y: number) => number {
  if (!mask) return () => 0;
  const { columns, rows } = view;
  return (x, y) => mask[rows[y]! * PORTRAIT_SIZE + columns[x]!]! / 255;
}
