import { z } from 'zod';

/** POST /v1/platform/projects/demo, authorised with the user key as bearer. */
export const DemoProjectResponse = z.object({
  id: z.string(),
  apiKey: z.string(),
  isDemo: z.boolean(),
});
export type DemoProjectResponse = z.infer<typeof DemoProjectResponse>;
