// The local platform's costume workflow (DESIGN.md "Costume workflow (mock)"): deterministic, no AI.
export {
  renderCostume,
  renderCostumeImage,
  renderCostumeVideo,
  type CostumeJob,
  type CostumeResult,
} from './render-costume';
export {
  createWorkflowPool,
  WorkflowQueueFullError,
  type WorkflowPool,
  type WorkflowPoolOptions,
} from './workflow-pool';
export {
  readWorkflowInput,
  decodeDataUrl,
  checkImage,
  WorkflowInputError,
  type ReadInputOptions,
} from './workflow-input';
export { DEFAULT_VIDEO, type VideoOptions } from './video';
export { PORTRAIT_SIZE } from './scene';
export { FFMPEG_PATH } from './ffmpeg';
export { probeMp4, type Mp4Info } from './probe-mp4';
