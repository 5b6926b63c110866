// The local platform's costume workflow (DESIGN.md "Costume workflow (mock)"): deterministic, no AI.
// The server's main thread imports workflow-pool.ts and workflow-input.ts alone: what is here loads
// the render pipeline (TensorFlow.js, OpenCV), which only the render threads need.
export { renderCostume, renderCostumeImage } from './render-costume';
export { WorkflowQueueFullError } from './workflow-pool';
export { readWorkflowInput } from './workflow-input';
export { DEFAULT_VIDEO } from './video';
export { FFMPEG_PATH } from './ffmpeg';
