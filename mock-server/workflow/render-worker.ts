// The costume workflow in a worker thread (render-workers.ts starts it): locating the pet and
// composing the portrait hold a core for seconds, and on the main thread they held every request.
import { parentPort } from 'node:worker_threads';
import { answerLocate } from './locate/answer-locate';
import { warmUpLocator } from './locate/locate-pet';
import type { LocateRequest } from './locate-on-worker';
import { renderCostume, type CostumeJob } from './render-costume';
import type { FromWorker, ToWorker } from './render-messages';

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs only as a worker thread');
const post = (message: FromWorker) => port.postMessage(message);

// The detector starts loading with the thread, ahead of its first photo; a run from a preset pet
// does not wait for it, and a photo's locator waits for the same load. A failure leaves the fallback.
warmUpLocator().catch(() => undefined);
let aborter: AbortController | undefined;

port.on('message', (message: ToWorker | LocateRequest) => {
  // A photo to locate before a run (POST /v1/pets/locate): its own thread, never mid-render.
  if (message.type === 'locate')
    return void answerLocate(message.image).then((answer) => port.postMessage(answer));
  if (message.type === 'abort') {
    aborter?.abort();
    return;
  }
  aborter = new AbortController();
  const { location, ...data } = message.job;
  const job: CostumeJob = {
    ...data,
    ...(location && { locate: () => Promise.resolve(location) }),
    pet: Buffer.from(message.job.pet),
    costume: Buffer.from(message.job.costume),
    signal: aborter.signal,
    onImage: (imageFile, notice) => post({ type: 'image', imageFile, ...(notice && { notice }) }),
  };
  void renderCostume(job).then(
    (result) => post({ type: 'done', result }),
    (error: unknown) =>
      post({
        type: 'failed',
        name: error instanceof Error ? error.name : 'Error',
        message: error instanceof Error ? error.message : String(error),
      }),
  );
});
