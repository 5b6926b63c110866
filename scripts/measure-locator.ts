// npm run measure:locator -- [DIR]: the pet locator's figures on a folder of hand-labelled
// photographs (the held-out set by default: photographs no training or tuning read), as shot and
// mirrored: heads found (all, cats, dogs), wrong heads it was sure of, heads in boxes over three
// times their area, the eyes, mouths and rolls found (see face-measure.ts), and the cut-out's
// overlap with the traced outlines. One line a look, then the
// figures. README's locator figures come from this command.
import path from 'node:path';
import { figures, lookAtAll } from '../mock-server/workflow/locate/locator-measure';
import { warmUpLocator } from '../mock-server/workflow/locate/locate-pet';

const folder = path.resolve(process.argv[2] ?? 'tests/fixtures/photos-held-out');
await warmUpLocator();
const { looks } = await lookAtAll(folder);
for (const look of looks) {
  const cut = look.cut
    ? ` cut-out ${look.cut.whole.toFixed(2)} (head ${look.cut.head.toFixed(2)}, sure ${look.cut.confidence})`
    : '';
  process.stdout.write(
    `${look.found ? 'found ' : 'missed'} ${look.name} [${look.kind}] confidence ${look.confidence}${cut} ${faceMarks(look)}\n`,
  );
}
const f = figures(looks);
const percent = (share: number) => `${Math.round(share * 100)}%`;
const faceLine = (face: typeof f.face | typeof f.face.sure) =>
  `eyes ${percent(face.eyes)} of ${face.eyesCount}, mouths ${percent(face.mouth)} of ${face.mouthCount}, roll ${percent(face.roll)} of ${face.rollCount}`;
process.stdout.write(
  [
    `${path.relative(process.cwd(), folder)}: ${f.looks} looks (photos as shot and mirrored)`,
    `heads found ${percent(f.found)} (cats ${percent(f.cats)}, dogs ${percent(f.dogs)})`,
    `sure but wrong ${f.sureButWrong.length}${f.sureButWrong.length ? `: ${f.sureButWrong.join(', ')}` : ''}`,
    `boxes over 3x the head ${f.oversized.length}${f.oversized.length ? `: ${f.oversized.join(', ')}` : ''}`,
    `within a quarter of the head's width: ${faceLine(f.face)}`,
    `faces it was sure of (${f.face.sure.looks} looks): ${faceLine(f.face.sure)}`,
    `cut-out over ${f.cut.count} traced outlines: IoU median ${f.cut.medianWhole.toFixed(2)}, min ${f.cut.minWhole.toFixed(2)}, inside the head median ${f.cut.medianHead.toFixed(2)}`,
  ].join('\n') + '\n',
);

function faceMarks(look: (typeof looks)[number]): string {
  const marks = (values: readonly (boolean | undefined)[]) =>
    values.map((v) => (v === undefined ? '' : v ? '+' : '-')).join('');
  const { eyes, mouth, roll } = look.face;
  return `face ${look.faceConfidence} eyes ${marks(eyes)} mouth ${marks([mouth])} roll ${marks([roll])}`;
}
