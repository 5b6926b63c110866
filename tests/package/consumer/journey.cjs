// The same journey through require(): the package's CommonJS build.
const {
  COSTUME_WORKFLOW_ID,
  PlatformClient,
  ValidationError,
  PreconditionFailedError,
} = require('@pawloween/platform-client');

import('./journey-steps.mjs')
  .then(({ journey }) =>
    journey({ COSTUME_WORKFLOW_ID, PlatformClient, ValidationError, PreconditionFailedError }),
  )
  .then((findings) => console.log(JSON.stringify({ ...findings, format: typeof module })))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
