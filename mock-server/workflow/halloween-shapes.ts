// Halloween decorations as SVG paths: no fonts, no external files, so every machine draws the same.

type Point = readonly [number, number];

// A bat in a 100x50 box, wings spread; `lift` (-1..1) raises or lowers the wings for flapping.
const BAT_WING: readonly (readonly Point[])[] = [
  [[50, 30]],
  [
    [44, 22],
    [38, 18],
    [30, 20],
  ],
  [
    [22, 14],
    [12, 12],
    [0, 16],
  ],
  [
    [8, 22],
    [12, 28],
    [12, 34],
  ],
  [
    [18, 30],
    [24, 30],
    [28, 36],
  ],
  [
    [34, 32],
    [40, 34],
    [45, 40],
  ],
];

export function batPath(lift = 0): string {
  const move = ([x, y]: Point, mirror: boolean): string => {
    const px = mirror ? 100 - x : x;
    const reach = Math.abs(x - 50) / 50;
    return `${px.toFixed(1)} ${(y - lift * reach * reach * 18).toFixed(1)}`;
  };
  const [start, ...curves] = BAT_WING;
  const left = curves.map((points) => `C${points.map((p) => move(p, false)).join(' ')}`);
  const right = [...BAT_WING]
    .reverse()
    .slice(0, -1)
    .map((points, i, all) => {
      const previous = all[i + 1] ?? [];
      const end = previous[previous.length - 1] ?? [50, 30];
      const [a, b] = [points[1] ?? end, points[0] ?? end];
      return `C${[a, b, end].map((p) => move(p, true)).join(' ')}`;
    });
  const head = 'M44 27 L45 17 L48.5 22 L51.5 22 L55 17 L56 27 C54 31 46 31 44 27 Z';
  return `M${move(start?.[0] ?? [50, 30], false)} ${left.join(' ')} L50 46 L55 40 ${right.join(' ')} Z ${head}`;
}

export function pumpkin(cx: number, cy: number, size: number, id: string): string {
  const w = size;
  const h = size * 0.78;
  const lobes = [-0.32, 0.32, 0]
    .map(
      (dx) =>
        `<ellipse cx="${cx + dx * w}" cy="${cy}" rx="${w * (dx === 0 ? 0.3 : 0.28)}" ry="${h / 2}" fill="url(#${id})" stroke="#7a2a00" stroke-width="${size * 0.012}"/>`,
    )
    .join('');
  const top = cy - h / 2;
  const stem = `<path d="M${cx - w * 0.04} ${top + h * 0.06} C${cx - w * 0.05} ${top - h * 0.12}, ${cx + w * 0.02} ${top - h * 0.22}, ${cx + w * 0.12} ${top - h * 0.2} C${cx + w * 0.05} ${top - h * 0.12}, ${cx + w * 0.04} ${top - h * 0.04}, ${cx + w * 0.05} ${top + h * 0.06} Z" fill="#3f5a1e"/>`;
  const eye = (sx: number) =>
    `<path d="M${cx + sx * w * 0.2} ${cy - h * 0.12} L${cx + sx * w * 0.07} ${cy + h * 0.02} L${cx + sx * w * 0.3} ${cy + h * 0.02} Z" fill="#ffd75e"/>`;
  const mouthY = cy + h * 0.1;
  const mouth = `<path d="M${cx - w * 0.3} ${mouthY} Q${cx} ${mouthY + h * 0.42} ${cx + w * 0.3} ${mouthY} Q${cx + w * 0.16} ${mouthY + h * 0.1} ${cx + w * 0.08} ${mouthY + h * 0.06} L${cx + w * 0.06} ${mouthY + h * 0.14} L${cx - w * 0.02} ${mouthY + h * 0.14} L${cx - w * 0.04} ${mouthY + h * 0.07} Q${cx - w * 0.18} ${mouthY + h * 0.1} ${cx - w * 0.3} ${mouthY} Z" fill="#ffd75e"/>`;
  const glow = `<ellipse cx="${cx}" cy="${cy}" rx="${w * 0.9}" ry="${h * 0.9}" fill="url(#glow-${id})"/>`;
  return `${glow}${stem}${lobes}${eye(-1)}${eye(1)}${mouth}`;
}

export function pumpkinGradients(id: string): string {
  return `<radialGradient id="${id}" cx="45%" cy="40%" r="65%"><stop offset="0" stop-color="#ffb347"/><stop offset="0.6" stop-color="#f07a12"/><stop offset="1" stop-color="#a13d00"/></radialGradient>
<radialGradient id="glow-${id}"><stop offset="0" stop-color="#ff9d2e" stop-opacity="0.35"/><stop offset="1" stop-color="#ff9d2e" stop-opacity="0"/></radialGradient>`;
}

export function tombstone(x: number, baseY: number, width: number, fill: string): string {
  const h = width * 1.25;
  const r = width / 2;
  const top = baseY - h;
  return `<path d="M${x} ${baseY} L${x} ${top + r} A${r} ${r} 0 0 1 ${x + width} ${top + r} L${x + width} ${baseY} Z" fill="${fill}"/>
<path d="M${x + r - width * 0.05} ${top + h * 0.22} h${width * 0.1} v${width * 0.14} h${width * 0.14} v${width * 0.1} h-${width * 0.14} v${width * 0.3} h-${width * 0.1} v-${width * 0.3} h-${width * 0.14} v-${width * 0.1} h${width * 0.14} Z" fill="#000" opacity="0.35"/>`;
}

/** A cobweb anchored in the top-left corner. */
export function cobweb(size: number, stroke: string): string {
  const spokes = [0, 15, 30, 45, 60, 75, 90].map((deg) => (deg * Math.PI) / 180);
  const lines = spokes
    .map((a) => `M0 0 L${(Math.cos(a) * size).toFixed(1)} ${(Math.sin(a) * size).toFixed(1)}`)
    .join(' ');
  const rings = [0.22, 0.42, 0.62, 0.82]
    .map((f) => {
      const r = f * size;
      return spokes
        .map((a, i) => {
          const point = `${(Math.cos(a) * r).toFixed(1)} ${(Math.sin(a) * r).toFixed(1)}`;
          if (i === 0) return `M${point}`;
          const mid = (a + (spokes[i - 1] ?? 0)) / 2;
          const sag = r * 0.86;
          return `Q${(Math.cos(mid) * sag).toFixed(1)} ${(Math.sin(mid) * sag).toFixed(1)} ${point}`;
        })
        .join(' ');
    })
    .join(' ');
  const thread = size * 0.55;
  const spider = `<line x1="${thread}" y1="${thread * 0.5}" x2="${thread}" y2="${thread * 1.25}" stroke="${stroke}" stroke-width="1.5"/>
<ellipse cx="${thread}" cy="${thread * 1.3}" rx="${size * 0.035}" ry="${size * 0.045}" fill="#0b0710"/>
<circle cx="${thread}" cy="${thread * 1.3 - size * 0.05}" r="${size * 0.022}" fill="#0b0710"/>
${[-1, 1]
  .flatMap((side) =>
    [-0.03, 0, 0.03].map(
      (dy) =>
        `<path d="M${thread} ${thread * 1.3 + dy * size} q${side * size * 0.05} ${-size * 0.04} ${side * size * 0.075} ${size * 0.03}" stroke="#0b0710" stroke-width="3" fill="none"/>`,
    ),
  )
  .join('')}`;
  return `<path d="${lines} ${rings}" stroke="${stroke}" stroke-width="2" fill="none"/>${spider}`;
}
