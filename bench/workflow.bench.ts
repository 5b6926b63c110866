// Costume workflow (issue 11 "Generation" and "Throughput"). One run through the API, exactly as the
// app does it (platform client, POST /v1/run streamed, the domain's streamCostumeWorkflow), against
// the floor of the same work done plainly in one process; then 20 runs at once against the pool.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { PlatformClient } from '../adapters/platform/src/index';
import { PlatformRunner } from '../adapters/platform-ports';
import { COSTUME_WORKFLOW_ID, WORKFLOW_INPUT } from '../domain/model/workflow';
import { streamCostumeWorkflow } from '../domain/use-cases/costume-run';
import { buildApp } from '../mock-server/app';
import { DEFAULT_PROJECT_TOKEN } from '../mock-server/config';
import { DEFAULT_VIDEO, readWorkflowInput } from '../mock-server/workflow';
import { startFfmpeg, writeChunk } from '../mock-server/workflow/ffmpeg';
import { locatePet, warmUpLocator } from '../mock-server/workflow/locate/locate-pet';
import { composePortrait } from '../mock-server/workflow/portrait';
import { PORTRAIT_SIZE } from '../mock-server/workflow/scene';
import { encoderArgs, frameRenderer } from '../mock-server/workflow/video';
import type { BenchRow } from './bench-row';
import { cpuSeconds, cpuSecondsNow, load, median, percentile } from './support/measure';
import { worstLatencyWhile } from './support/responsiveness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPEATS = 3;
/**
 * Runs from an uploaded photo and from a preset pet, in pairs, each pair with the next of
 * UPLOADED_PHOTOS: a run costs about 5 s of CPU and drifts by a few hundred ms over a bench, so the
 * photo's extra cost, a few hundred ms, is the median of each pair's difference, over more pairs
 * than the other rows need.
 */
const PHOTO_PAIRS = 7;
const BURST = 20;
/** Health and storage answer within this while photos are located (issue 42). */
const RESPONSIVE_BUDGET_MS = 100;
const GENERATION_BUDGET = 1.3;
/**
 * Issue 40 ("Dress the pet", item 6), on the day's floor (REFERENCE_FLOOR_CPU_MS): the image is
 * ready within 1 s of the request for a preset pet and 1.5 s for an uploaded photo, the video within
 * 3 s, and an uploaded photo costs at most 1.5 times the CPU of a preset run.
 */
const IMAGE_BUDGET_MS = 1_000;
const PHOTO_IMAGE_BUDGET_MS = 1_500;
const VIDEO_BUDGET_MS = 3_000;
const PHOTO_CPU_BUDGET = 1.5;
/** Issue 30: finding the pet in an uploaded photo may add at most this much to a run. */
const LOCATE_BUDGET_MS = 300;
/**
 * Issue 39, item 6: the whole look at one photo (detector, head, eyes, matte) adds at most half a
 * preset run's CPU, here per photo at the 95th percentile over the labelled photographs, against a
 * preset run measured in the same bench. (Issue 30's 250 ms was for the detector and head alone,
 * before the eyes and the cut-out: 476 ms CPU at p95 on 2026-12-07, 0.12 of a preset run.)
 */
const LOCATE_SHARE = 0.5;
/**
 * The floor's CPU time on the day those budgets were set (README's table, 2026-11-25). This
 * machine's speed drifts from day to day (the same code's floor measured 2700 to 5600 ms), so the
 * budgets in ms are scaled by the floor measured in the same run over this one: a ratio, as every
 * bench row is.
 */
const REFERENCE_FLOOR_CPU_MS = 2700;
const PHOTOS = path.join(root, 'tests/fixtures/photos');
/**
 * Real photographs of pets from the labelled set (see its SOURCES.md) as the app uploads them, one
 * per pair in turn: cats and dogs, close and whole, sitting and lying, 0.1 to 0.6 MB. One photo
 * alone said what that photo costs, not what an owner's does.
 */
const UPLOADED_PHOTOS = [
  'kitten.jpg',
  'golden-puppy.jpg',
  'lying-cat.jpg',
  'shepherd-dog.jpg',
  'chelsea-cat.jpg',
  'terrier-puppy.jpg',
  'spitz-lying.jpg',
];
const UPLOADED = `${UPLOADED_PHOTOS.length} pet photos`;

async function inputs() {
  const read = (file: string) => readFile(path.join(root, 'ui/public/presets', file));
  const asDataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
  const photos = await Promise.all(
    UPLOADED_PHOTOS.map(
      async (file) =>
        `data:image/jpeg;base64,${(await readFile(path.join(PHOTOS, file))).toString('base64')}`,
    ),
  );
  return {
    pet: asDataUrl(await read('pets/dog1.png')),
    photos,
    costume: asDataUrl(await read('costumes/vampire.png')),
  };
}

/**
 * The locator over the labelled photographs (held-out ones too) and their mirror images: wall time
 * and CPU time (this process's, sharp's threads included) per photo, in ms.
 */
async function locateTimes(): Promise<{ wall: number[]; cpu: number[] }> {
  const { photos } = JSON.parse(await readFile(path.join(PHOTOS, 'labels.json'), 'utf8')) as {
    photos: { file: string }[];
  };
  await warmUpLocator();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const { file } of photos) {
    const bytes = await readFile(path.join(PHOTOS, file));
    for (const picture of [bytes, await sharp(bytes).flop().jpeg({ quality: 90 }).toBuffer()]) {
      const started = performance.now();
      const startedCpu = process.cpuUsage();
      await locatePet(picture);
      const used = process.cpuUsage(startedCpu);
      wall.push(performance.now() - started);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  return { wall, cpu };
}

/** The floor: compose, write the PNG, then draw each frame and hand it to a plain ffmpeg encode. */
async function floor(pet: Buffer, costume: Buffer, outDir: string): Promise<void> {
  const portrait = await composePortrait(pet, costume);
  const png = await sharp(portrait.base, {
    raw: { width: PORTRAIT_SIZE, height: PORTRAIT_SIZE, channels: 3 },
  })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
  await writeFile(path.join(outDir, 'floor.png'), png);
  const frames = await frameRenderer(portrait, DEFAULT_VIDEO);
  const ffmpeg = startFfmpeg(encoderArgs(DEFAULT_VIDEO, 3, path.join(outDir, 'floor.mp4')));
  for (let index = 0; index < frames.count; index++) {
    await writeChunk(ffmpeg.stdin, (await frames.render(index)).data);
  }
  ffmpeg.stdin.end();
  await ffmpeg.done;
}

async function signIn(base: string): Promise<string> {
  const reply = await fetch(`${base}/auth/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: 'bench-workflow@example.com',
      project_token: DEFAULT_PROJECT_TOKEN,
      redirect_uri: `${base}/`,
    }),
  });
  return new URL(reply.headers.get('location') ?? '').searchParams.get('accessToken') ?? '';
}

export default async function workflowBench(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-workflow-'));
  // The platform as `npm start` runs it, minus the per-user request budget and the price: the
  // benchmark makes more runs than a free account may.
  const app = await buildApp({
    dataDir,
    logger: false,
    rateLimit: false,
    pricing: { imageCents: 0, videoCents: 0 },
  });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const token = await signIn(base);
    const runner = new PlatformRunner(
      new PlatformClient({ baseUrl: base, accessToken: token, queue: { intervalCap: Infinity } }),
    );
    const input = await inputs();
    const pet = await readWorkflowInput(WORKFLOW_INPUT.pet, input.pet);
    const costume = await readWorkflowInput(WORKFLOW_INPUT.costume, input.costume);

    const throughApi = async (petUrl = input.pet) => {
      const started = performance.now();
      const startedCpu = cpuSecondsNow();
      let imageReady = 0;
      let imageCpu = 0;
      const results = await streamCostumeWorkflow(
        runner,
        { pet: petUrl, costume: input.costume },
        {
          onImage: () => {
            imageReady = performance.now() - started;
            imageCpu = (cpuSecondsNow() - startedCpu) * 1000;
          },
        },
      );
      if (!results.imageUrl || !results.videoUrl) throw new Error('run without both outputs');
      const videoReady = performance.now() - started;
      return { imageReady, imageCpu, videoReady, videoCpu: (cpuSecondsNow() - startedCpu) * 1000 };
    };

    const photoAt = (i: number) => input.photos[i % input.photos.length]!;
    await throughApi();
    await throughApi(photoAt(0));
    await floor(pet, costume, dataDir);
    const floorTimes: number[] = [];
    const floorCpu: number[] = [];
    const imageTimes: number[] = [];
    const imageCpu: number[] = [];
    const videoCpu: number[] = [];
    const videoTimes: number[] = [];
    const ourCpu: number[] = [];
    const singleLoad = load();
    // Interleaved, so background load on a shared machine hits both sides alike.
    for (let i = 0; i < REPEATS; i++) {
      let cpu = await cpuSeconds();
      const started = performance.now();
      await floor(pet, costume, dataDir);
      floorTimes.push(performance.now() - started);
      floorCpu.push((await cpuSeconds()) - cpu);
      cpu = await cpuSeconds();
      const run = await throughApi();
      ourCpu.push((await cpuSeconds()) - cpu);
      imageTimes.push(run.imageReady);
      imageCpu.push(run.imageCpu);
      videoCpu.push(run.videoCpu);
      videoTimes.push(run.videoReady);
    }
    const photoLoad = load();
    const pairedPresetCpu: number[] = [];
    const pairedPresetMs: number[] = [];
    const photoExtraCpu: number[] = [];
    const photoExtraMs: number[] = [];
    const photoImageMs: number[] = [];
    const photoImageCpu: number[] = [];
    for (let i = 0; i < PHOTO_PAIRS; i++) {
      let cpu = await cpuSeconds();
      const preset = await throughApi();
      const presetCpu = (await cpuSeconds()) - cpu;
      cpu = await cpuSeconds();
      const photo = await throughApi(photoAt(i));
      const photoCpu = (await cpuSeconds()) - cpu;
      pairedPresetCpu.push(presetCpu);
      pairedPresetMs.push(preset.videoReady);
      photoExtraCpu.push(photoCpu - presetCpu);
      photoExtraMs.push(photo.videoReady - preset.videoReady);
      photoImageMs.push(photo.imageReady);
      photoImageCpu.push(photo.imageCpu);
    }
    // Health and storage while uploaded photos are located and rendered (issue 42: 3.9 to 4.6 s
    // when the locator ran on the event loop), against the same calls with nothing running.
    const busyLoad = load();
    const quiet = await worstLatencyWhile(
      base,
      token,
      () => new Promise((r) => setTimeout(r, 3_000)),
    );
    const busy = await worstLatencyWhile(base, token, () =>
      Promise.all([throughApi(photoAt(0)), throughApi(photoAt(1))]),
    );
    const locateLoad = load();
    const locateTimesMs = await locateTimes();
    const locateP95 = percentile(locateTimesMs.wall, 0.95);
    const locateCpuP95 = percentile(locateTimesMs.cpu, 0.95);
    const video = median(videoTimes);
    const image = median(imageTimes);
    const floorMs = median(floorTimes);
    const cpuRatio = median(ourCpu) / median(floorCpu);
    const speed = (median(floorCpu) * 1000) / REFERENCE_FLOOR_CPU_MS;
    const locateBudget = LOCATE_BUDGET_MS * speed;
    const locateCpuBudget = LOCATE_SHARE * median(ourCpu) * 1000;
    const locateWallBudget = LOCATE_SHARE * video;
    const scaled = (ms: number) => `${ms} ms x ${speed.toFixed(2)} (floor)`;
    // A row of issue 40's budgets: a time in ms against its budget on the day's floor.
    const withinBudget = (figure: string, values: readonly number[], budgetMs: number) => {
      const [ours, budget] = [median(values), budgetMs * speed];
      return {
        figure,
        ours: Math.round(ours),
        baseline: Math.round(budget),
        ratio: ours / budget,
        unit: 'ms',
        budget: `<= ${scaled(budgetMs)}`,
        pass: ours > 0 && ours <= budget,
      };
    };
    const photoCpuRatio = 1 + median(photoExtraCpu) / median(pairedPresetCpu);

    // 20 runs at once, plain POSTs with no client retries: what the pool takes it runs, the rest
    // must be refused at once with 429/503 and Retry-After, never pile up or fail.
    const burstLoad = load();
    const burstCpu = await cpuSeconds();
    const burstStarted = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: BURST }, async () => {
        const reply = await fetch(`${base}/v1/run`, {
          method: 'POST',
          headers: { 'x-sub-dev-access-token': token, 'content-type': 'application/json' },
          body: JSON.stringify({
            model: COSTUME_WORKFLOW_ID,
            input: {
              [WORKFLOW_INPUT.pet]: input.pet,
              [WORKFLOW_INPUT.costume]: input.costume,
            },
          }),
        });
        await reply.arrayBuffer();
        return {
          status: reply.status,
          retryAfter: reply.headers.get('retry-after'),
          ms: performance.now() - burstStarted,
        };
      }),
    );
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    const done = outcomes.filter((o) => o.status === 200);
    const burstCpuPerRun = ((await cpuSeconds()) - burstCpu) / Math.max(1, done.length);
    const refused = outcomes.filter((o) => (o.status === 503 || o.status === 429) && o.retryAfter);
    const broken = BURST - done.length - refused.length;
    const runsPerMinute = (done.length / burstSeconds) * 60;
    const sequentialPerMinute = 60_000 / video;
    const p95 = percentile(
      done.map((o) => o.ms),
      0.95,
    );
    const cores = availableParallelism();
    // Perfect packing of the accepted runs: ceil(runs / cores) runs one after another, and never
    // faster than their CPU time spread over every core (one run keeps more than one core busy).
    const idealP95 = Math.max(
      Math.ceil(done.length / cores) * video,
      (done.length * median(ourCpu) * 1000) / cores,
    );
    const refusedP95 = percentile(
      refused.map((o) => o.ms),
      0.95,
    );

    return [
      {
        // CPU time does not depend on what else the shared machine is doing; wall time does.
        figure: 'costume run CPU time through the API (node + ffmpeg) vs floor',
        ours: Math.round(median(ourCpu) * 1000),
        baseline: Math.round(median(floorCpu) * 1000),
        ratio: cpuRatio,
        unit: 'ms',
        budget: `<= ${GENERATION_BUDGET}x`,
        pass: cpuRatio <= GENERATION_BUDGET,
      },
      {
        figure: `costume video ready through the API (streamed) vs floor (load ${singleLoad})`,
        ours: Math.round(video),
        baseline: Math.round(floorMs),
        ratio: video / floorMs,
        unit: 'ms',
        budget: `<= ${GENERATION_BUDGET}x`,
        pass: video / floorMs <= GENERATION_BUDGET,
      },
      {
        // The same run from an uploaded real photo: it is located and dressed where its pet is.
        // CPU time first, as it does not depend on what else the shared machine is doing.
        figure: `costume run CPU time from an uploaded photo (${UPLOADED}) vs from a preset pet, median of ${PHOTO_PAIRS} pairs' difference`,
        ours: Math.round((median(pairedPresetCpu) + median(photoExtraCpu)) * 1000),
        baseline: Math.round(median(pairedPresetCpu) * 1000),
        ratio: photoCpuRatio,
        unit: 'ms',
        budget: `<= preset + ${scaled(LOCATE_BUDGET_MS)}`,
        pass: median(photoExtraCpu) * 1000 <= locateBudget,
      },
      {
        figure: `costume video ready from an uploaded photo (${UPLOADED}) vs from a preset pet, the same pairs (load ${photoLoad})`,
        ours: Math.round(median(pairedPresetMs) + median(photoExtraMs)),
        baseline: Math.round(median(pairedPresetMs)),
        ratio: 1 + median(photoExtraMs) / median(pairedPresetMs),
        unit: 'ms',
        budget: `<= preset + ${scaled(LOCATE_BUDGET_MS)}`,
        pass: median(photoExtraMs) <= locateBudget,
      },
      {
        // What the wall time below comes to on a quiet machine: the locator keeps one core busy.
        figure:
          'pet locator CPU time p95 per photo, labelled photos and mirrors, vs half a preset run',
        ours: Math.round(locateCpuP95),
        baseline: Math.round(locateCpuBudget),
        ratio: locateCpuP95 / locateCpuBudget,
        unit: 'ms',
        budget: `<= ${LOCATE_SHARE} x preset run CPU`,
        pass: locateCpuP95 <= locateCpuBudget,
      },
      {
        figure: `pet locator p95 per photo, labelled photos and mirrors, vs half a preset run's video ready (load ${locateLoad})`,
        ours: Math.round(locateP95),
        baseline: Math.round(locateWallBudget),
        ratio: locateP95 / locateWallBudget,
        unit: 'ms',
        budget: `<= ${LOCATE_SHARE} x preset run`,
        pass: locateP95 <= locateWallBudget,
      },
      {
        figure: `/healthz worst latency while 2 photo runs render vs idle (load ${busyLoad})`,
        ours: Math.round(busy.healthzMs),
        baseline: Math.round(quiet.healthzMs),
        ratio: busy.healthzMs / Math.max(1, quiet.healthzMs),
        unit: 'ms',
        budget: `< ${RESPONSIVE_BUDGET_MS} ms`,
        pass: busy.healthzMs < RESPONSIVE_BUDGET_MS,
      },
      {
        figure: `storage GET worst latency while 2 photo runs render vs idle`,
        ours: Math.round(busy.storageMs),
        baseline: Math.round(quiet.storageMs),
        ratio: busy.storageMs / Math.max(1, quiet.storageMs),
        unit: 'ms',
        budget: `< ${RESPONSIVE_BUDGET_MS} ms`,
        pass: busy.storageMs < RESPONSIVE_BUDGET_MS,
      },
      // Issue 40's budgets. CPU time (this process's threads, the worker's render included, and
      // ffmpeg once it has ended) is what the run costs whatever else the machine does; the wall
      // time is what the owner waits on this machine today (load in the row).
      withinBudget(
        `costume image ready from a preset pet, request to image event (load ${singleLoad})`,
        imageTimes,
        IMAGE_BUDGET_MS,
      ),
      withinBudget(
        'costume image CPU time from a preset pet, request to image event',
        imageCpu,
        IMAGE_BUDGET_MS,
      ),
      withinBudget(
        `costume image ready from an uploaded photo (${UPLOADED}), request to image event (load ${photoLoad})`,
        photoImageMs,
        PHOTO_IMAGE_BUDGET_MS,
      ),
      withinBudget(
        `costume image CPU time from an uploaded photo (${UPLOADED}), request to image event`,
        photoImageCpu,
        PHOTO_IMAGE_BUDGET_MS,
      ),
      withinBudget(
        `costume video ready from a preset pet, request to video (load ${singleLoad})`,
        videoTimes,
        VIDEO_BUDGET_MS,
      ),
      // Node and ffmpeg each keep a core busy at once: on the 2-core box the wall time of a quiet
      // run is below this sum.
      withinBudget(
        'costume run CPU time from a preset pet, request to video (node + ffmpeg)',
        videoCpu,
        VIDEO_BUDGET_MS,
      ),
      {
        figure: `costume run CPU time from an uploaded photo (${UPLOADED}) / from a preset pet, the same pairs`,
        ours: Math.round((median(pairedPresetCpu) + median(photoExtraCpu)) * 1000),
        baseline: Math.round(median(pairedPresetCpu) * 1000),
        ratio: photoCpuRatio,
        unit: 'ms',
        budget: `<= ${PHOTO_CPU_BUDGET}x`,
        pass: photoCpuRatio <= PHOTO_CPU_BUDGET,
      },
      {
        figure: 'costume image ready (first streamed event) vs video ready',
        ours: Math.round(image),
        baseline: Math.round(video),
        ratio: image / video,
        unit: 'ms',
        budget: 'image before video (< 1x)',
        pass: image > 0 && image < video,
      },
      {
        figure: `${BURST} runs at once on ${cores} cores: runs/min vs one at a time (load ${burstLoad})`,
        ours: Math.round(runsPerMinute * 10) / 10,
        baseline: Math.round(sequentialPerMinute * 10) / 10,
        ratio: runsPerMinute / sequentialPerMinute,
        unit: 'runs/min',
        budget: '>= 1x',
        pass: runsPerMinute >= sequentialPerMinute,
      },
      {
        // Oversubscription shows as CPU lost to contention: each run should cost what it costs alone.
        figure: `${BURST} runs at once: CPU time per run vs one run alone`,
        ours: Math.round(burstCpuPerRun * 1000),
        baseline: Math.round(median(ourCpu) * 1000),
        ratio: burstCpuPerRun / median(ourCpu),
        unit: 'ms',
        budget: `<= ${GENERATION_BUDGET}x`,
        pass: burstCpuPerRun / median(ourCpu) <= GENERATION_BUDGET,
      },
      {
        figure: `${BURST} runs at once: p95 latency of the ${done.length} runs taken vs ideal packing`,
        ours: Math.round(p95),
        baseline: Math.round(idealP95),
        ratio: p95 / idealP95,
        unit: 'ms',
        budget: `<= ${GENERATION_BUDGET}x`,
        pass: done.length > 0 && p95 <= idealP95 * GENERATION_BUDGET,
      },
      {
        figure: `${BURST} runs at once: ${refused.length} refused (429/503 + Retry-After), ${broken} failed; refusal p95`,
        ours: Math.round(refusedP95),
        unit: 'ms',
        budget: 'no failures, refusals < 1 s',
        pass: broken === 0 && refusedP95 < 1_000,
      },
    ];
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
