/** What a quick look into an MP4's boxes tells: enough to check our own outputs in tests. */
export interface Mp4Info {
  readonly brand: string;
  /** Sample entry of the first video track, e.g. 'avc1' for H.264. */
  readonly codec: string | undefined;
  readonly width: number | undefined;
  readonly height: number | undefined;
  readonly durationSeconds: number | undefined;
  /** True when the index (moov) comes before the media data (mdat): '+faststart'. */
  readonly fastStart: boolean;
}

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);

interface Box {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly body: number;
}

function* boxes(data: Buffer, start: number, end: number): Generator<Box> {
  let offset = start;
  while (offset + 8 <= end) {
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    let body = offset + 8;
    if (size === 1) {
      size = Number(data.readBigUInt64BE(offset + 8));
      body += 8;
    } else if (size === 0) size = end - offset;
    if (size < 8 || offset + size > end) return;
    yield { type, start: offset, end: offset + size, body };
    offset += size;
  }
}

/** Parses ftyp, mvhd and the first stsd sample entry; throws if the file is not an MP4. */
export function probeMp4(data: Buffer): Mp4Info {
  const top = [...boxes(data, 0, data.length)];
  const ftyp = top[0];
  if (ftyp?.type !== 'ftyp') throw new Error('Not an MP4: no ftyp box first');
  const order = top.map((box) => box.type);
  const info = {
    brand: data.toString('latin1', ftyp.body, ftyp.body + 4),
    codec: undefined as string | undefined,
    width: undefined as number | undefined,
    height: undefined as number | undefined,
    durationSeconds: undefined as number | undefined,
    fastStart: order.indexOf('moov') >= 0 && order.indexOf('moov') < order.indexOf('mdat'),
  };
  const visit = (start: number, end: number) => {
    for (const box of boxes(data, start, end)) {
      if (box.type === 'mvhd') {
        const version = data.readUInt8(box.body);
        const scale = data.readUInt32BE(box.body + (version === 1 ? 20 : 12));
        const duration =
          version === 1
            ? Number(data.readBigUInt64BE(box.body + 24))
            : data.readUInt32BE(box.body + 16);
        info.durationSeconds = duration / scale;
      } else if (box.type === 'stsd' && info.codec === undefined) {
        // stsd: version/flags (4), entry count (4), then the first sample entry box.
        const entry = box.body + 8;
        const codec = data.toString('latin1', entry + 4, entry + 8);
        if (codec === 'avc1' || codec === 'avc3' || codec === 'hvc1' || codec === 'mp4v') {
          info.codec = codec;
          // Visual sample entry: 8 header + 6 reserved + 2 index + 16 predefined, then width, height.
          info.width = data.readUInt16BE(entry + 32);
          info.height = data.readUInt16BE(entry + 34);
        }
      } else if (CONTAINERS.has(box.type)) visit(box.body, box.end);
    }
  };
  visit(0, data.length);
  return info;
}
