// Both builds of the package in one process: an error made by the CommonJS build meets the ESM
// build's classes (and the other way round), as when an app's dependency requires the client
// while the app imports it.
import { createRequire } from 'node:module';
import * as esm from '@pawloween/platform-client';

const cjs = createRequire(import.meta.url)('@pawloween/platform-client');
const fromCjs = cjs.PlatformError.fromResponse(402, {
  error: { message: 'no credits', code: 'INSUFFICIENT_BALANCE' },
});
const fromEsm = esm.PlatformError.fromResponse(400, { error: { message: 'bad input' } });
console.log(
  JSON.stringify({
    distinctClasses: esm.PlatformError !== cjs.PlatformError,
    cjsErrorIsEsmPlatformError: fromCjs instanceof esm.PlatformError,
    cjsErrorIsEsmInsufficientBalance: fromCjs instanceof esm.InsufficientBalanceError,
    cjsErrorIsEsmValidation: fromCjs instanceof esm.ValidationError,
    esmErrorIsCjsValidation: fromEsm instanceof cjs.ValidationError,
    status: fromCjs.status,
  }),
);
