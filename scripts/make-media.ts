// Makes the shipped artwork: the 36 preset images (ui/public/presets) and the landing media
// (ui/public/media/landing), from Fluent Emoji 3D and the SAME costume workflow the local platform
// runs. Deterministic: running it again gives the same files. Usage: npx tsx scripts/make-media.ts
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import {
  PRESET_COSTUMES,
  PRESET_IMAGE_SIZE,
  PRESET_PETS,
  type Preset,
} from '../domain/model/presets';
import { FFMPEG_PATH, renderCostume, renderCostumeImage } from '../mock-server/workflow';
import {
  STILL_WIDTHS,
  stillVariant,
  type StillFormat,
} from '../ui/features/landing/landing-stills';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EMOJI = path.join(root, 'node_modules/@lobehub/fluent-emoji-3d/assets');
const PUBLIC = path.join(root, 'ui/public');
const LANDING = path.join(PUBLIC, 'media/landing');
const PET_MATTES = path.join(root, 'mock-server/workflow/preset-mattes');

type Extra = 'bandages' | 'bolts' | 'red-moon' | 'halo' | 'stars';

/** How one preset is drawn: a stand-in emoji made distinct by background, look and accessory. */
interface Art {
  readonly emoji: string;
  readonly bg: readonly [string, string];
  readonly accessory?: string;
  readonly look?: { hue?: number; saturation?: number; brightness?: number; tint?: string };
  readonly extras?: readonly Extra[];
}

const PET_ART: Record<string, Art> = {
  dog1: { emoji: '1f415', bg: ['#ffd27a', '#8a4210'], accessory: '1f9b4' },
  cat1: { emoji: '1f408', bg: ['#a8e6b8', '#1e4d3a'], accessory: '1f9f6' },
  rabbit1: { emoji: '1f407', bg: ['#d9ccff', '#3b2a6b'], accessory: '1f955' },
  dog2: { emoji: '1f43a', bg: ['#d4f1ff', '#1d4e7a'], accessory: '2744-fe0f', extras: ['stars'] },
  cat2: {
    emoji: '1f431',
    bg: ['#ffd6ea', '#7a2a5a'],
    accessory: '1f451',
    look: { saturation: 0.3, brightness: 1.2 },
  },
  bird1: { emoji: '1f99c', bg: ['#c4f7ad', '#1f6b2e'], accessory: '1f33a' },
  dog3: { emoji: '1f436', bg: ['#ffbfa8', '#6b2315'], look: { saturation: 0.8, hue: -8 } },
  cat3: {
    emoji: '1f408-200d-2b1b',
    bg: ['#ffe39a', '#8a5a00'],
    accessory: '1f342',
    look: { tint: '#9a6a3a' },
  },
  rabbit2: {
    emoji: '1f430',
    bg: ['#ffe6cc', '#8a4b2a'],
    accessory: '1f33c',
    look: { tint: '#e3c29b' },
  },
  bird2: { emoji: '1f426', bg: ['#c6e4ff', '#2b4a8a'], look: { hue: 55, saturation: 0.7 } },
  hamster1: { emoji: '1f439', bg: ['#ffdca8', '#8a4b12'], accessory: '1f33b' },
  ferret1: { emoji: '1f9a6', bg: ['#ead2b4', '#4a2f1d'] },
  guinea1: {
    emoji: '1f401',
    bg: ['#dcf5c9', '#3d6b2a'],
    accessory: '1f96c',
    look: { tint: '#c08050' },
  },
  lizard1: { emoji: '1f98e', bg: ['#ffd699', '#8a3d00'], accessory: '1f335', look: { hue: -100 } },
  fish1: { emoji: '1f41f', bg: ['#b3e8ff', '#0b4a7a'], accessory: '1fae7', look: { hue: 170 } },
  turtle1: { emoji: '1f422', bg: ['#bff5e6', '#0d5a4a'], accessory: '1f4a7' },
  snake1: { emoji: '1f40d', bg: ['#efdfb8', '#5a4015'], look: { hue: -110, saturation: 0.8 } },
  hedgehog1: { emoji: '1f994', bg: ['#ffdcb3', '#6b3a1a'], accessory: '1f344' },
};

const COSTUME_ART: Record<string, Art> = {
  vampire: { emoji: '1f9db', bg: ['#c8163f', '#1a0208'], accessory: '1fa78', extras: ['stars'] },
  witch: { emoji: '1f9d9-200d-2640-fe0f', bg: ['#8a55d6', '#14061f'], accessory: '1f9f9' },
  ghost: { emoji: '1f47b', bg: ['#5a80b8', '#070d1f'], extras: ['stars'] },
  zombie: { emoji: '1f9df-200d-2640-fe0f', bg: ['#6a9a44', '#0c1a06'], accessory: '1f9e0' },
  werewolf: {
    emoji: '1f43a',
    bg: ['#3a0606', '#080101'],
    look: { tint: '#7a5540', brightness: 0.9 },
    extras: ['red-moon', 'stars'],
  },
  dragon: { emoji: '1f409', bg: ['#ff8a2a', '#2a0800'], accessory: '1f525' },
  pirate: { emoji: '1f3f4-200d-2620-fe0f', bg: ['#2a8aa8', '#031620'], accessory: '2694-fe0f' },
  ninja: { emoji: '1f977', bg: ['#d0463a', '#120404'], accessory: '1f319' },
  skeleton: { emoji: '1f480', bg: ['#55556e', '#050508'], accessory: '1f9b4', extras: ['stars'] },
  mummy: {
    emoji: '1f9df',
    bg: ['#d8b677', '#2a1a05'],
    accessory: '1f3fa',
    look: { saturation: 0.15, tint: '#d9c7a0', brightness: 1.15 },
    extras: ['bandages'],
  },
  demon: { emoji: '1f47f', bg: ['#ff4a2a', '#2a0000'], accessory: '1f531' },
  angel: {
    emoji: '1f47c',
    bg: ['#3a3550', '#000000'],
    accessory: '1f5a4',
    look: { saturation: 0.15, brightness: 0.85, tint: '#8a7aa8' },
    extras: ['halo', 'stars'],
  },
  frankenstein: {
    emoji: '1f9df',
    bg: ['#7acc48', '#061a02'],
    accessory: '26a1',
    look: { hue: -45, saturation: 1.3 },
    extras: ['bolts'],
  },
  clown: { emoji: '1f921', bg: ['#e03048', '#1b0410'], accessory: '1f388' },
  superhero: { emoji: '1f9b8', bg: ['#3a86ff', '#04102a'], accessory: '2b50' },
  princess: {
    emoji: '1f478',
    bg: ['#6b2a80', '#0a020f'],
    accessory: '1f339',
    look: { brightness: 0.9, tint: '#a47ad0' },
  },
  robot: { emoji: '1f916', bg: ['#14c9ad', '#021a17'], accessory: '2699-fe0f' },
  alien: { emoji: '1f47d', bg: ['#45e08a', '#02140a'], accessory: '1f6f8', extras: ['stars'] },
};

const emojiFile = (code: string) => path.join(EMOJI, `${code}.webp`);

function backgroundSvg(art: Art, size: number): Buffer {
  const extras = art.extras ?? [];
  const stars = extras.includes('stars')
    ? [0.12, 0.8, 0.3, 0.18, 0.85, 0.25, 0.7, 0.08, 0.55, 0.12, 0.9, 0.6]
        .map((x, i, all) =>
          i % 2 === 0
            ? `<circle cx="${x * size}" cy="${(all[i + 1] ?? 0) * size}" r="${size * (i % 4 === 0 ? 0.008 : 0.005)}" fill="#fff" opacity="0.8"/>`
            : '',
        )
        .join('')
    : '';
  const moon = extras.includes('red-moon')
    ? `<circle cx="${size * 0.5}" cy="${size * 0.42}" r="${size * 0.46}" fill="url(#moonGlow)"/><circle cx="${size * 0.5}" cy="${size * 0.42}" r="${size * 0.33}" fill="url(#moon)"/>`
    : '';
  const halo = extras.includes('halo')
    ? `<ellipse cx="${size * 0.5}" cy="${size * 0.16}" rx="${size * 0.2}" ry="${size * 0.05}" fill="none" stroke="#e8e0ff" stroke-width="${size * 0.018}" opacity="0.85"/>`
    : '';
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><defs>
<radialGradient id="bg" cx="50%" cy="42%" r="70%"><stop offset="0" stop-color="${art.bg[0]}"/><stop offset="1" stop-color="${art.bg[1]}"/></radialGradient>
<radialGradient id="moon" cx="42%" cy="38%" r="70%"><stop offset="0" stop-color="#ff6a4a"/><stop offset="1" stop-color="#8a0a0a"/></radialGradient>
<radialGradient id="moonGlow"><stop offset="0.6" stop-color="#ff2a1a" stop-opacity="0.45"/><stop offset="1" stop-color="#ff2a1a" stop-opacity="0"/></radialGradient>
<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
</defs><rect width="${size}" height="${size}" fill="url(#bg)"/>${stars}${moon}${halo}
<ellipse cx="${size * 0.5}" cy="${size * 0.88}" rx="${size * 0.34}" ry="${size * 0.07}" fill="url(#shadow)"/></svg>`);
}

function bandagesSvg(size: number): Buffer {
  const strips = Array.from({ length: 9 }, (_, i) => {
    const y = size * (0.06 + i * 0.11);
    const tilt = (i % 2 === 0 ? 1 : -1) * size * 0.05;
    return `<path d="M0 ${y} L${size} ${y + tilt} L${size} ${y + tilt + size * 0.06} L0 ${y + size * 0.06} Z" fill="#f2e8d0" opacity="0.92"/><path d="M0 ${y + size * 0.06} L${size} ${y + tilt + size * 0.06}" stroke="#8a7650" stroke-width="${size * 0.008}"/>`;
  }).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${strips}</svg>`,
  );
}

function boltsSvg(size: number): Buffer {
  const bolt = (x: number, dir: number) =>
    `<rect x="${dir < 0 ? x - size * 0.1 : x}" y="${size * 0.36}" width="${size * 0.1}" height="${size * 0.045}" rx="${size * 0.01}" fill="#8a8f99"/><rect x="${dir < 0 ? x - size * 0.13 : x + size * 0.09}" y="${size * 0.34}" width="${size * 0.04}" height="${size * 0.085}" rx="${size * 0.01}" fill="#c9ced8" stroke="#4a4f59" stroke-width="${size * 0.006}"/>`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${bolt(size * 0.3, -1)}${bolt(size * 0.7, 1)}</svg>`,
  );
}

async function character(art: Art, size: number): Promise<Buffer> {
  let image = sharp(emojiFile(art.emoji)).resize(size, size);
  const look = art.look ?? {};
  if (look.hue !== undefined || look.saturation !== undefined || look.brightness !== undefined) {
    image = image.modulate({
      hue: look.hue ?? 0,
      saturation: look.saturation ?? 1,
      brightness: look.brightness ?? 1,
    });
  }
  if (look.tint) image = image.tint(look.tint);
  const overlays: OverlayOptions[] = [];
  if (art.extras?.includes('bandages')) overlays.push({ input: bandagesSvg(size), blend: 'atop' });
  const body = await image.composite(overlays).png().toBuffer();
  if (!art.extras?.includes('bolts')) return body;
  // Bolts stick out of the neck, so they go under the character, not clipped to it.
  return sharp(boltsSvg(size))
    .composite([{ input: body }])
    .png()
    .toBuffer();
}

/** Where the character sits on a preset picture of `size` px. */
function characterSpot(size: number) {
  const main = Math.round(size * 0.74);
  return { main, left: Math.round((size - main) / 2), top: Math.round(size * 0.86 - main) };
}

/** One preset picture at `size` px: background, the character, and its accessory. */
async function presetPicture(art: Art, size: number): Promise<Sharp> {
  const { main, left, top } = characterSpot(size);
  const overlays: OverlayOptions[] = [{ input: await character(art, main), left, top }];
  if (art.accessory) {
    const small = Math.round(size * 0.3);
    overlays.push({
      input: await sharp(emojiFile(art.accessory)).resize(small, small).png().toBuffer(),
      left: size - small - Math.round(size * 0.04),
      top: size - small - Math.round(size * 0.04),
    });
  }
  return sharp(backgroundSvg(art, size)).composite(overlays);
}

/**
 * Each preset pet's outline on its picture (the character's own alpha, without background or
 * accessory), which the workflow cuts the pet out with to stand it in the scene.
 */
async function makePetMattes(): Promise<void> {
  await mkdir(PET_MATTES, { recursive: true });
  const { main, left, top } = characterSpot(PRESET_IMAGE_SIZE);
  for (const preset of PRESET_PETS) {
    // sharp runs one pipeline's steps in its own order: take the alpha out first, then place it.
    const alpha = await sharp(await character(artOf(preset), main))
      .ensureAlpha()
      .extractChannel(3)
      .toBuffer();
    const matte = await sharp(alpha)
      .extend({
        left,
        top,
        right: PRESET_IMAGE_SIZE - main - left,
        bottom: PRESET_IMAGE_SIZE - main - top,
        background: '#000',
      })
      .extractChannel(0)
      .raw()
      .toBuffer();
    const grey = {
      raw: { width: PRESET_IMAGE_SIZE, height: PRESET_IMAGE_SIZE, channels: 1 },
    } as const;
    await writeFile(
      path.join(PET_MATTES, `${preset.id}.png`),
      await sharp(matte, grey).toColourspace('b-w').png({ compressionLevel: 9 }).toBuffer(),
    );
  }
}

const smallPng = (image: Sharp) =>
  image.png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 }).toBuffer();

function artOf(preset: Preset): Art {
  const art = (preset.kind === 'pet' ? PET_ART : COSTUME_ART)[preset.id];
  if (!art) throw new Error(`No artwork for preset ${preset.kind} ${preset.id}`);
  return art;
}

async function makePresets(): Promise<void> {
  for (const preset of [...PRESET_PETS, ...PRESET_COSTUMES]) {
    const dir = path.join(PUBLIC, 'presets', `${preset.kind}s`);
    await mkdir(dir, { recursive: true });
    const png = await smallPng(await presetPicture(artOf(preset), PRESET_IMAGE_SIZE));
    await writeFile(path.join(dir, `${preset.id}.png`), png);
  }
}

/** Pet and costume preset ids of each landing example; the first 3 are the before/after pairs. */
const LANDING_PAIRS: readonly (readonly [string, string])[] = [
  ['dog1', 'vampire'],
  ['cat1', 'witch'],
  ['rabbit1', 'ghost'],
  ['dog2', 'werewolf'],
  ['bird1', 'pirate'],
  ['hamster1', 'superhero'],
  ['cat2', 'princess'],
  ['dog3', 'frankenstein'],
  ['hedgehog1', 'dragon'],
  ['turtle1', 'ninja'],
];
const BEFORE_AFTER = 3;
const LOOPS = 6;
const WEB_SIZE = 480;
const LOOP_VIDEO = { size: 360, crf: 23 };

const run = promisify(execFile);

async function posterOf(video: string): Promise<Buffer> {
  const { stdout } = await run(
    FFMPEG_PATH,
    ['-v', 'error', '-i', video, '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', '-'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return sharp(stdout).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
}

async function makeLanding(): Promise<void> {
  await mkdir(LANDING, { recursive: true });
  const work = await mkdtemp(path.join(tmpdir(), 'pawloween-media-'));
  try {
    for (const [index, [petId, costumeId]] of LANDING_PAIRS.entries()) {
      const n = index + 1;
      const petArt = PET_ART[petId];
      const costumeArt = COSTUME_ART[costumeId];
      if (!petArt || !costumeArt) throw new Error(`Unknown landing pair ${petId}/${costumeId}`);
      const pet = await (await presetPicture(petArt, WEB_SIZE)).png().toBuffer();
      const costume = await (await presetPicture(costumeArt, WEB_SIZE)).png().toBuffer();
      const job = {
        pet,
        costume,
        outDir: work,
        id: `landing-${n}`,
        presets: { pet: petId, costume: costumeId },
      };
      const { imageFile } =
        n <= LOOPS
          ? await renderCostume({ ...job, video: LOOP_VIDEO })
          : await renderCostumeImage(job);
      const after = sharp(imageFile).resize(WEB_SIZE, WEB_SIZE);
      if (n <= BEFORE_AFTER) {
        await writeFile(path.join(LANDING, `before-${n}.png`), await smallPng(sharp(pet)));
        await writeFile(path.join(LANDING, `after-${n}.png`), await smallPng(after.clone()));
      }
      if (n <= LOOPS) {
        const video = path.join(work, `landing-${n}.mp4`);
        await writeFile(path.join(LANDING, `loop-${n}.mp4`), await readFile(video));
        await writeFile(path.join(LANDING, `loop-${n}.jpg`), await posterOf(video));
      }
      const carousel = await after.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
      await writeFile(path.join(LANDING, `carousel-${n}.jpg`), carousel);
      console.log(`landing ${n}: ${petId} as ${costumeId}`);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const ATTRIBUTION = `# Media attribution

- Character and animal artwork: [Microsoft Fluent Emoji](https://github.com/microsoft/fluentui-emoji)
  (3D style), MIT licence, taken from the npm package \`@lobehub/fluent-emoji-3d\`.
- Everything else in \`ui/public/presets/\` and \`ui/public/media/\` (backgrounds, accessories'
  placement, tints, bandages and bolts, the costume portraits, looping videos, posters and carousel
  images) is generated by \`scripts/make-media.ts\` (\`npx tsx scripts/make-media.ts\`), which runs
  the same costume workflow as the local platform (\`mock-server/workflow/\`).
`;

/**
 * AVIF and WebP beside every landing still (before/after pairs and carousel frames), each at its
 * full 480 px and at 320 px, which the landing page offers in a <picture> with srcset and sizes
 * (ui/features/landing/components/landing-image.tsx): a phone takes the small AVIF, a tenth of the
 * PNG's bytes. Derived from the files above, so `npx tsx scripts/make-media.ts --stills` redoes
 * only this step.
 */
async function makeLandingStills(): Promise<void> {
  const stills = (await readdir(LANDING)).filter((file) =>
    /^(before|after|carousel)-\d+\.(png|jpg)$/.test(file),
  );
  for (const file of stills) {
    for (const width of STILL_WIDTHS) {
      const resized = sharp(path.join(LANDING, file)).resize({ width, withoutEnlargement: true });
      const name = (format: StillFormat) =>
        path.join(LANDING, stillVariant(`/${file}`, format, width).slice(1));
      await writeFile(
        name('webp'),
        await resized.clone().webp({ quality: 80, effort: 6, smartSubsample: true }).toBuffer(),
      );
      await writeFile(
        name('avif'),
        await resized.clone().avif({ quality: 55, effort: 6 }).toBuffer(),
      );
    }
  }
  console.log(
    `landing stills: ${stills.length} stills in AVIF and WebP at ${STILL_WIDTHS.join(' and ')} px`,
  );
}

if (process.argv.includes('--mattes')) {
  await makePetMattes();
  console.log(`pet mattes: ${PRESET_PETS.length}`);
  process.exit(0);
}
if (!process.argv.includes('--stills')) {
  await makePresets();
  await makePetMattes();
  console.log(`presets: ${PRESET_PETS.length} pets, ${PRESET_COSTUMES.length} costumes`);
  await makeLanding();
  await writeFile(path.join(PUBLIC, 'media', 'ATTRIBUTION.md'), ATTRIBUTION);
}
await makeLandingStills();
