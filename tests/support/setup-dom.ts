import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy and waitFor wait for a condition; their bound only catches one that never comes.
// testing-library's default of 1 s failed renders of the whole signed-in app (seconds each in
// jsdom) on a busy 2-core machine: this bound is for a hang, and stays under the ui project's
// testTimeout (vitest.config.ts) so a hang names what it waited for.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
  // The app keeps its view and open layers in history.state (ui/app/app-history.ts): the next
  // test starts on a fresh entry, not on the view the last one left.
  window.history.replaceState(null, '');
});
