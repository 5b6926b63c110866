// The platform's API contract: the client, the local platform and the msw handlers all use these.
export * from './auth';
export * from './error';
export * from './messages';
export * from './paths';
export * from './pets';
export * from './projects';
export * from './run';
export * from './storage';
export * from './subscriptions';
