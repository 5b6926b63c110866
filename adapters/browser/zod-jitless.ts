import { config } from 'zod';

// zod probes for eval (new Function) when an object schema is built, to compile faster checks.
// Under the app's CSP (no unsafe-eval) the probe is a violation the browser reports even though zod
// catches it. Parsing without compiled checks is as correct. Imported first by the browser
// composition root, before any module that builds a schema.
config({ jitless: true });
