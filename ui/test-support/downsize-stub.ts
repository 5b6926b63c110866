import { vi } from 'vitest';

/**
 * Stands in for features/create/hooks/downsize-image in jsdom, which has no canvas (downsizing
 * runs in the browser journeys): a small data URL naming the file. A test file takes it with
 * `vi.mock('../hooks/downsize-image', () => import('…/test-support/downsize-stub'))`.
 */
export const downsizeImage = vi.fn(
  async (file: File, type: string) => `data:${type};base64,${btoa(file.name)}`,
);
