/** Business constants and limits of SPEC.md section 9 and DESIGN.md, each defined once. */
export const LIMITS = {
  /** The most generations `pawloween batch` runs at once: the client's requests in flight. */
  queueConcurrency: 10,
  tokenExpiryMarginMs: 30_000,
  /** An access token is renewed once it has less than this left (tokens live an hour). */
  tokenRefreshBeforeMs: 10 * 60_000,
  urlTokenCheckMs: 1_000,
  expiryCheckMs: 10_000,
  checkoutPollMs: 1_000,
  checkoutForceCloseMs: 600_000,
  popupWidth: 800,
  popupHeight: 700,
  authPopupWidth: 600,
  authPopupHeight: 700,
  demoBannerDelayMs: 2_000,
  progressRotationMs: 2_000,
  imageStageNominalMs: 15_000,
  videoStageNominalMs: 25_000,
  swipeThresholdPx: 50,
  carouselStep: 3,
  downloadDebounceMs: 300,
  /** How long a deleted creation can be brought back (Undo) before it is deleted for good. */
  undoDeleteMs: 5000,
  /**
   * Coming back to a tab re-reads the gallery from the platform at most this often: other
   * devices' edits show on focus without a platform read per focus.
   */
  focusRefetchMs: 10_000,
  creditDecimals: 2,
  /** The most one input may weigh as sent to the platform, after downsizing. */
  maxUploadBytes: 10 * 1024 * 1024,
  /** The most a chosen photo may weigh before the app or the CLI downsizes it (phone photos). */
  maxChosenBytes: 25 * 1024 * 1024,
  maxUploadSidePx: 1536,
  avatarSidePx: 256,
  displayNameMaxLength: 50,
  previewImageTimeoutMs: 15_000,
} as const;

export const STORAGE_KEYS = {
  gallery: 'pet-gallery',
  profile: 'user-profile',
  accessToken: 'subscribe-dev-access-token',
} as const;

export const PURCHASE = { currency: 'USD', itemName: 'Workflow Credits' } as const;

export const COPYRIGHT_YEAR = 2025;

/** Image types accepted as inputs (DESIGN.md "Inputs"). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/**
 * The local platform `npm start` runs (DESIGN.md "Embedded default"): its address and the project
 * token it seeds, so the app and the CLI work against it with no configuration.
 */
export const LOCAL_PLATFORM = {
  baseUrl: 'http://localhost:8787',
  projectToken: 'pk_local_pawloween',
} as const;
