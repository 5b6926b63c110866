import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // The app keeps its view and open layers in history.state (ui/app/app-history.ts): the next
  // test starts on a fresh entry, not on the view the last one left.
  window.history.replaceState(null, '');
});
