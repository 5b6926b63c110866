// The same journey through require(): the package's CommonJS build.
const {
  PlatformClient,
  ValidationError,
  PreconditionFailedError,
} = require('@pawloween/platform-client');

import('./journey-steps.mjs')
  .then(({ journey }) => journey({ PlatformClient, ValidationError, PreconditionFailedError }))
  .then((findings) => console.log(JSON.stringify({ ...findings, format: typeof module })))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
