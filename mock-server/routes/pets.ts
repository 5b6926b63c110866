import type { FastifyInstance } from 'fastify';
import { API_PATHS, ERROR_CODES, LocatePetRequest } from '../../adapters/platform/src/api';
import type { AppContext } from '../app-context';
import { parse } from '../http/parse';
import { PlatformError, validationError } from '../http/platform-error';
import { resolveImage } from '../runs/image-input';
import { WorkflowQueueFullError } from '../workflow/workflow-pool';

/** One photo as a data URL of at most 10 MB, in base64. */
const LOCATE_BODY_LIMIT = 15 * 1024 * 1024;

const locatorBusy = () =>
  new PlatformError(
    503,
    ERROR_CODES.serviceUnavailable,
    'The pet locator is busy: try again in a few seconds.',
    undefined,
    undefined,
    { 'retry-after': '2' },
  );

/**
 * POST /v1/pets/locate: where the costume workflow's locator puts the pet's head in a photo, and
 * whether it is sure, so an app can ask its owner to tap the face before a run (issue 39). Free,
 * for anyone who may run the workflow; the photo is checked as a run's input is, and not kept.
 */
export async function petRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const allowed = ['user', 'headless', 'anonymous'] as const;
  app.post(
    API_PATHS.locatePet,
    { bodyLimit: LOCATE_BODY_LIMIT, onRequest: ctx.guard.before(allowed) },
    async (request) => {
      await ctx.guard.check(request, allowed);
      const { image } = parse(LocatePetRequest, request.body, 'locate request');
      if (!image.startsWith('data:'))
        throw validationError('image must be the photo as a base64 data URL.', { field: 'image' });
      const bytes = await resolveImage('image', image, {
        publicDirs: [],
        filesDir: ctx.filesDir,
        ownOrigins: [],
      });
      return ctx.locatePet(bytes).catch((error: unknown) => {
        if (error instanceof WorkflowQueueFullError) throw locatorBusy();
        throw error;
      });
    },
  );
}
