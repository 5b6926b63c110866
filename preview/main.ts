import { mountApp } from '../ui/app/mount';
import { bootstrap } from './bootstrap';
import { installBridge } from './bridge';
import { capturePage } from './capture';
import { debugHandlers, lockPointerOnDoubleClick } from './debug';
import { knownParentOrigin } from './parent-origin';

// The bridge goes first, so even a failure while loading data.json reaches the editor.
const debug = new URLSearchParams(window.location.search).has('debug');
installBridge({
  window,
  parentOrigin: knownParentOrigin(window.location.search, document.referrer),
  capture: () => capturePage({ window }),
  debug: debug ? debugHandlers(window) : undefined,
});
if (debug) lockPointerOnDoubleClick(document);

void bootstrap({
  href: window.location.href,
  getRoot: () => document.getElementById('root'),
  fetch: (input, init) => window.fetch(input, init),
  now: () => Date.now(),
  console: window.console,
  mount: mountApp,
});
