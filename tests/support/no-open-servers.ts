import { afterAll, expect } from 'vitest';

const listening = () => process.getActiveResourcesInfo().filter((kind) => kind === 'TCPServerWrap');

// Registered before any test file's hooks, so it runs after them (vitest runs after-hooks as a
// stack): by then every server the file started must be closed. A closed server's handle is
// released a few event-loop turns after close() calls back, so allow it a moment.
afterAll(async () => {
  for (let wait = 0; listening().length > 0 && wait < 20; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(listening(), 'servers still listening after the file ended').toEqual([]);
});
