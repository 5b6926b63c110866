// The app's side of the platform client: the domain's ports implemented over the library's public entry.
export { PlatformAuth } from './auth';
export { PlatformBilling } from './billing';
export { PlatformRemoteStorage } from './remote-storage';
export { PlatformRunner } from './runner';
export { withoutRequestFailures } from './app-logger';
