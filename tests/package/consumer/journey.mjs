// What a developer who installed @pawloween/platform-client does, as ESM in plain node. Run by
// tests/package/client-consumer.test.ts from an empty project; prints one JSON line of findings.
import {
  PlatformClient,
  ValidationError,
  PreconditionFailedError,
} from '@pawloween/platform-client';
import { journey } from './journey-steps.mjs';

console.log(
  JSON.stringify(
    await journey({
      PlatformClient,
      ValidationError,
      PreconditionFailedError,
    }),
  ),
);
