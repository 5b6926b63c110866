import { z } from 'zod';

// The codes and the request id header have no zod in them, so the error classes that use them
// (the /errors entry) carry no zod into an app that imports only them.
export { ERROR_CODES, REQUEST_ID_HEADER } from './error-codes';

/** Every error answer of the platform: read by the client, written by the local platform. */
export const ErrorBody = z.object({
  error: z.object({
    message: z.string(),
    code: z.string().optional(),
    details: z.unknown().optional(),
    context: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
