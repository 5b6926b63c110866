#!/usr/bin/env node
// Runs the TypeScript CLI with tsx's loader, so `npx pawloween` works straight after `npm ci`.
// The repository's tsconfig is named because the command may run from any directory.
import { fileURLToPath, URL } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('./main.ts');
