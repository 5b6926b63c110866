// The pet's head moving in the video with the hat it wears: the scene around the head is turned
// by the pose's tilt and raised by its lift, the same transform the worn pieces get (wearables.ts
// wobbleAt), fading out toward the edge of a disc around the head so the neck and the scene bend
// smoothly instead of showing a seam or a second head.

/** How far out from the head's centre (head radii) the turn reaches; it is whole within EVEN. */
const REACH = 1.6;
const EVEN = 0.9;

export interface HeadPivot {
  /** The head's centre and radius, in pixels of the scene. */
  readonly x: number;
  readonly y: number;
  readonly r: number;
  /** A head in a disc turns inside it only: the disc's centre and radius, in pixels. */
  readonly within?: { readonly x: number; readonly y: number; readonly r: number };
}

/** How far inside the disc's edge (pixels) the turn fades out. */
const WITHIN_FADE = 24;

/**
 * The raw RGB `scene` (size x size) with the head turned by `pose.tilt` degrees about its centre
 * and raised by `pose.lift` head radii; a new buffer, the scene is not changed.
 */
export function turnHead(
  scene: Buffer,
  size: number,
  head: HeadPivot,
  pose: { readonly tilt: number; readonly lift: number },
): Buffer {
  return headTurner(size, head)(scene, pose);
}

/**
 * turnHead for one head, for every pose of the video's sway: which pixels the turn reaches and how
 * much of it each gets (a square root and a fade per pixel) is worked out once, not per pose.
 */
export function headTurner(
  size: number,
  head: HeadPivot,
): (scene: Buffer, pose: { readonly tilt: number; readonly lift: number }) => Buffer {
  const reach = REACH * head.r;
  const x0 = Math.max(0, Math.floor(head.x - reach));
  const x1 = Math.min(size - 1, Math.ceil(head.x + reach));
  const y0 = Math.max(0, Math.floor(head.y - reach));
  const y1 = Math.min(size - 1, Math.ceil(head.y + reach));
  const room = Math.max(0, (x1 - x0 + 1) * (y1 - y0 + 1));
  const at = new Int32Array(room);
  const offsetX = new Float64Array(room);
  const offsetY = new Float64Array(room);
  const shares = new Float64Array(room);
  // Where each row's pixels start in those lists: a raised head's pose starts lower.
  const rowStarts = new Int32Array(Math.max(0, y1 - y0 + 1));
  let count = 0;
  for (let y = y0; y <= y1; y++) {
    rowStarts[y - y0] = count;
    const rowY = y - head.y;
    for (let x = x0; x <= x1; x++) {
      const dx = x - head.x;
      const distance = Math.sqrt(dx * dx + rowY * rowY) / head.r;
      if (distance >= REACH) continue;
      const t = Math.min(1, (REACH - distance) / (REACH - EVEN));
      const share = t * t * (3 - 2 * t) * (head.within ? inside(head, x, y) : 1);
      if (share === 0) continue;
      at[count] = (y * size + x) * 3;
      offsetX[count] = dx;
      offsetY[count] = rowY;
      shares[count++] = share;
    }
  }
  const last = size - 1;
  return (scene, pose) => {
    const out = Buffer.from(scene);
    const radians = (-pose.tilt * Math.PI) / 180;
    const lift = pose.lift * head.r;
    const top = Math.floor(head.y - reach - lift) - y0;
    for (let n = top > 0 ? (rowStarts[top] ?? count) : 0; n < count; n++) {
      const share = shares[n]!;
      const dx = offsetX[n]!;
      // A turn of at most a few tens of degrees: its cosine and sine by their series, which a
      // full-size frame's thousands of pixels per pose would otherwise each pay for in Math.cos/sin.
      const angle = radians * share;
      const a2 = angle * angle;
      const cos = 1 - (a2 / 2) * (1 - (a2 / 12) * (1 - a2 / 30));
      const sin = angle * (1 - (a2 / 6) * (1 - (a2 / 20) * (1 - a2 / 42)));
      // Where this pixel was before the turn: back down by the lift, back round by the tilt.
      const dy = offsetY[n]! + lift * share;
      const sx = Math.min(last, Math.max(0, head.x + dx * cos - dy * sin));
      const sy = Math.min(last, Math.max(0, head.y + dx * sin + dy * cos));
      // Bilinear: the four pixels around (sx, sy), weighted by how near each is.
      const ix = Math.floor(sx);
      const iy = Math.floor(sy);
      const fx = sx - ix;
      const fy = sy - iy;
      const right = ix < last ? 3 : 0;
      const down = iy < last ? size * 3 : 0;
      const a = (iy * size + ix) * 3;
      const wa = (1 - fx) * (1 - fy);
      const wb = fx * (1 - fy);
      const wc = (1 - fx) * fy;
      const wd = fx * fy;
      const i = at[n]!;
      for (let c = 0; c < 3; c++)
        out[i + c] =
          scene[a + c]! * wa +
          scene[a + c + right]! * wb +
          scene[a + c + down]! * wc +
          scene[a + c + down + right]! * wd +
          0.5;
    }
    return out;
  };
}

/** 1 inside the head's disc (or with none), fading to 0 at its edge. */
function inside(head: HeadPivot, x: number, y: number): number {
  const { within } = head;
  if (!within) return 1;
  const room = within.r - Math.hypot(x - within.x, y - within.y);
  const t = Math.max(0, Math.min(1, room / WITHIN_FADE));
  return t * t * (3 - 2 * t);
}
