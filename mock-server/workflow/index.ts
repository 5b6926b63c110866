// The local platform's costume workflow (DESIGN.md "Costume workflow (mock)"): deterministic, no AI.
export { renderCostume, renderCostumeImage } from './render-costume';
export { createWorkflowPool, WorkflowQueueFullError } from './workflow-pool';
export { readWorkflowInput, checkImage, WorkflowInputError } from './workflow-input';
export { DEFAULT_VIDEO } from './video';
export { FFMPEG_PATH } from './ffmpeg';
