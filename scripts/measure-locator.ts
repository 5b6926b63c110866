// npm run measure:locator -- [DIR]: the pet locator's figures on a folder of hand-labelled
// photographs (the held-out set by default: photographs no training or tuning read), as shot and
// mirrored: heads found (all, cats, dogs), wrong heads it was sure of, heads in boxes over three
// times their area, the eyes, mouths and rolls found within a quarter of the head's width (see
// face-measure.ts), and the cut-out's overlap with the traced outlines. One line a look, then the
// figures. README's locator figures come from this command, for every held-out set
// (tests/fixtures/photos-held-out, tests/fixtures/photos-held-out-2, tests/fixtures/photos-npm).
import path from 'node:path';
import { figures, lookAtAll, type Look } from '../mock-server/workflow/locate/locator-measure';
import { warmUpLocator } from '../mock-server/workflow/locate/locate-pet';
import { LOCATION_TRUSTED } from '../mock-server/workflow/locate/pet-location';

const folder = path.resolve(process.argv[2] ?? 'tests/fixtures/photos-held-out');
await warmUpLocator();
const { looks } = await lookAtAll(folder);
for (const look of looks) {
  const cut = look.cut
    ? ` cut-out ${look.cut.whole.toFixed(2)} (head ${look.cut.head.toFixed(2)}, sure ${look.cut.confidence})`
    : '';
  const ratio = look.areaRatio === undefined ? '' : ` box ${look.areaRatio.toFixed(1)}x the head`;
  process.stdout.write(
    `${look.found ? 'found ' : 'missed'} ${look.name} [${look.kind}] confidence ${look.confidence}${ratio}${cut} ${faceMarks(look)}\n`,
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
const faceLine = (face: typeof f.face | typeof f.face.sure) =>
  `eyes ${percent(face.eyes)} of ${face.eyesCount}, mouths ${percent(face.mouth)} of ${face.mouthCount}, roll ${percent(face.roll)} of ${face.rollCount}`;
process.stdout.write(
  [
    `${path.relative(process.cwd(), folder)}: ${f.looks} looks (photos as shot and mirrored)`,
    `heads found ${looks.filter((l) => l.found).length} of ${f.looks}, ${percent(f.found)} (as shot ${way(false)}, mirrored ${way(true)}; cats ${kindShare('cat')}; dogs ${kindShare('dog')})`,
    `found and sure (confidence ${LOCATION_TRUSTED} or more) ${sureAndFound} of ${f.looks}`,
    `sure but wrong ${f.sureButWrong.length}${f.sureButWrong.length ? `: ${f.sureButWrong.join(', ')}` : ''}`,
    `largest found box ${ratios.length ? Math.max(...ratios).toFixed(1) : '-'}x the head's area; boxes over 3x the head ${f.oversized.length}${f.oversized.length ? `: ${f.oversized.join(', ')}` : ''}`,
    `within a quarter of the head's width: ${faceLine(f.face)}`,
    `faces it was sure of (${f.face.sure.looks} looks): ${faceLine(f.face.sure)}`,
    f.cut.count
      ? `cut-out over ${f.cut.count} traced outlines: IoU median ${f.cut.medianWhole.toFixed(2)}, min ${f.cut.minWhole.toFixed(2)}, inside the head median ${f.cut.medianHead.toFixed(2)}, min ${Math.min(...headCuts).toFixed(2)}, under 0.6 on ${f.cut.under.length}`
      : 'cut-out: no traced outlines in this set',
  ].join('\n') + '\n',
);

function faceMarks(look: (typeof looks)[number]): string {
  const marks = (values: readonly (boolean | undefined)[]) =>
    values.map((v) => (v === undefined ? '' : v ? '+' : '-')).join('');
  const { eyes, mouth, roll } = look.face;
  return `face ${look.faceConfidence} eyes ${marks(eyes)} mouth ${marks([mouth])} roll ${marks([roll])}`;
}
