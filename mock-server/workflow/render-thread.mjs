// Entry of a render worker thread (render-workers.ts): a worker does not inherit the loader that
// `node --import tsx` gave the main thread, so the TypeScript worker is imported through tsx here.
import { tsImport } from 'tsx/esm/api';

await tsImport('./render-worker.ts', import.meta.url);
