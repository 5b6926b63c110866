/** Every path of the platform, in one place. */
export const API_PATHS = {
  run: '/v1/run',
  /** A run by id: `${runs}/${id}`, and `${runs}/${id}/cancel`. */
  runs: '/v1/runs',
  /** Where the costume workflow's locator puts a pet's head in a photo, before a run. */
  locatePet: '/v1/pets/locate',
  usage: '/v1/subscriptions/usage',
  plan: '/v1/subscriptions/plan',
  storage: '/v1/storage',
  demoProject: '/v1/platform/projects/demo',
  signOut: '/v1/auth/sign-out',
  refresh: '/v1/auth/refresh',
  deviceStart: '/v1/auth/device',
  deviceToken: '/v1/auth/device/token',
  loopbackRedirect: '/v1/auth/loopback-redirect',
} as const;

/** Pages of the platform that the app navigates to (on the authorization host or the base URL). */
export const PAGE_PATHS = {
  authorize: '/auth',
  authorizeDemo: '/auth/demo',
  /** Where a person approves a device sign-in with its user code. */
  device: '/auth/device',
  subscribe: '/subscribe',
  publish: '/publish',
} as const;
