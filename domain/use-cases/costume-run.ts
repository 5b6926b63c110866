import { NO_OUTPUT_MESSAGE } from '../errors';
import type { GenerationResults } from '../model/generation';
import { COSTUME_WORKFLOW_ID, WORKFLOW_INPUT, WORKFLOW_OUTPUT } from '../model/workflow';
import type { RunnerPort } from '../ports/runner.port';

/** Runs the costume workflow once and reads its outputs; a missing one is an empty string. */
export async function runCostumeWorkflow(
  runner: RunnerPort,
  pet: string,
  costume: string,
): Promise<GenerationResults> {
  const { output } = await runner.run(COSTUME_WORKFLOW_ID, {
    [WORKFLOW_INPUT.pet]: pet,
    [WORKFLOW_INPUT.costume]: costume,
  });
  if (!Array.isArray(output)) throw new Error(NO_OUTPUT_MESSAGE);
  return { imageUrl: findMedia(output, 'image'), videoUrl: findMedia(output, 'video') };
}

/** The first non-empty image or video URL among the output entries. */
function findMedia(output: readonly unknown[], kind: 'image' | 'video'): string {
  const field = kind === 'image' ? WORKFLOW_OUTPUT.image : WORKFLOW_OUTPUT.video;
  for (const entry of output) {
    const media = (entry as Record<string, unknown> | undefined)?.[field];
    const url = (media as Record<string, unknown> | undefined)?.[kind];
    if (typeof url === 'string' && url) return url;
  }
  return '';
}
