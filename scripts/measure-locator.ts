// npm run measure:locator -- [DIR]: the pet locator's figures on a folder of hand-labelled
// photographs (the held-out set by default: photographs no training or tuning read), as shot and
// mirrored: heads found (all, cats, dogs), wrong heads it was sure of, heads in boxes over three
// times their area, the cut-out's overlap with the traced outlines, and the eyes and mouth within
// a quarter of the head's width of the labelled ones (where the locator returns them). One line a
// look, then the figures. README's locator figures come from this command, for every held-out set
// (tests/fixtures/photos-held-out, tests/fixtures/photos-held-out-2).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { figures, lookAtAll, type Look } from '../mock-server/workflow/locate/locator-measure';
import { warmUpLocator } from '../mock-server/workflow/locate/locate-pet';
import {
  LOCATION_TRUSTED,
  type PetLocation,
  type PixelBox,
} from '../mock-server/workflow/locate/pet-location';

interface Point {
  readonly x: number;
  readonly y: number;
}
interface Labelled {
  readonly file: string;
  readonly head: PixelBox;
  readonly eyes?: readonly Point[];
  readonly mouth?: Point;
}
/** What a locator that sees the face adds to a location (the issue's eyes and mouth). */
type Sight = PetLocation & { readonly eyes?: readonly Point[]; readonly mouth?: Point };

const folder = path.resolve(process.argv[2] ?? 'tests/fixtures/photos-held-out');
await warmUpLocator();
const { looks, locations } = await lookAtAll(folder);
for (const look of looks) {
  const cut = look.cut
    ? ` cut-out ${look.cut.whole.toFixed(2)} (head ${look.cut.head.toFixed(2)}, sure ${look.cut.confidence})`
    : '';
  const ratio = look.areaRatio === undefined ? '' : ` box ${look.areaRatio.toFixed(1)}x the head`;
  process.stdout.write(
    `${look.found ? 'found ' : 'missed'} ${look.name} [${look.kind}] confidence ${look.confidence}${ratio}${cut}\n`,
  );
}
const f = figures(looks);
const percent = (share: number) => `${Math.round(share * 100)}%`;
const kindShare = (kind: Look['kind']) => {
  const of = looks.filter((l) => l.kind === kind);
  return of.length
    ? `${of.filter((l) => l.found).length} of ${of.length}, ${percent(f[kind === 'cat' ? 'cats' : 'dogs'])}`
    : 'none in the set';
};
const ratios = looks.flatMap((l) => (l.areaRatio === undefined ? [] : [l.areaRatio]));
const sureAndFound = looks.filter((l) => l.found && l.confidence >= LOCATION_TRUSTED).length;
const way = (mirrored: boolean) => {
  const of = looks.filter((l) => l.name.endsWith(' mirrored') === mirrored);
  return `${of.filter((l) => l.found).length} of ${of.length}`;
};
const headCuts = looks.flatMap((l) => (l.cut ? [l.cut.head] : []));
const points = await pointFigures(
  JSON.parse(await readFile(path.join(folder, 'labels.json'), 'utf8')) as { photos: Labelled[] },
  locations,
);
process.stdout.write(
  [
    `${path.relative(process.cwd(), folder)}: ${f.looks} looks (photos as shot and mirrored)`,
    `heads found ${looks.filter((l) => l.found).length} of ${f.looks}, ${percent(f.found)} (as shot ${way(false)}, mirrored ${way(true)}; cats ${kindShare('cat')}; dogs ${kindShare('dog')})`,
    `found and sure (confidence ${LOCATION_TRUSTED} or more) ${sureAndFound} of ${f.looks}`,
    `sure but wrong ${f.sureButWrong.length}${f.sureButWrong.length ? `: ${f.sureButWrong.join(', ')}` : ''}`,
    `largest found box ${ratios.length ? Math.max(...ratios).toFixed(1) : '-'}x the head's area; boxes over 3x the head ${f.oversized.length}${f.oversized.length ? `: ${f.oversized.join(', ')}` : ''}`,
    `cut-out over ${f.cut.count} traced outlines: IoU median ${f.cut.medianWhole.toFixed(2)}, min ${f.cut.minWhole.toFixed(2)}, inside the head median ${f.cut.medianHead.toFixed(2)}, min ${headCuts.length ? Math.min(...headCuts).toFixed(2) : '-'}, under 0.6 on ${f.cut.under.length}`,
    points,
  ].join('\n') + '\n',
);

/**
 * Eyes and mouth within a quarter of the labelled head's width of the labelled ones, over the looks
 * where they are labelled; each labelled eye is matched to the nearest eye the locator returns.
 */
async function pointFigures(
  labels: { photos: Labelled[] },
  found: Map<string, [PetLocation, PetLocation]>,
): Promise<string> {
  let eyes = 0;
  let eyesNear = 0;
  let mouths = 0;
  let mouthsNear = 0;
  let returned = false;
  for (const photo of labels.photos) {
    const both = found.get(photo.file);
    if (!both) continue;
    for (const [index, location] of both.entries()) {
      const sight = location as Sight;
      const flip = (p: Point): Point => (index === 1 ? { x: location.width - p.x, y: p.y } : p);
      const near = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y) <= photo.head.w / 4;
      returned ||= Boolean(sight.eyes ?? sight.mouth);
      for (const eye of photo.eyes ?? []) {
        eyes += 1;
        if ((sight.eyes ?? []).some((e) => near(e, flip(eye)))) eyesNear += 1;
      }
      if (photo.mouth) {
        mouths += 1;
        if (sight.mouth && near(sight.mouth, flip(photo.mouth))) mouthsNear += 1;
      }
    }
  }
  const tell = (n: number, of: number) => `${n} of ${of}${of ? ` (${percent(n / of)})` : ''}`;
  return (
    `within a quarter of the head's width: eyes ${tell(eyesNear, eyes)}, mouths ${tell(mouthsNear, mouths)}` +
    (returned ? '' : ' (the locator returns no eyes and no mouth)')
  );
}
