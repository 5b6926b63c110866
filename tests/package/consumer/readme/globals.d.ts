// What README snippets take for granted, as the app around them has it (see harness.mjs).
declare const projectToken: string;
declare const petDataUrl: string;
declare const costumeDataUrl: string;
declare function showImage(url: string): void;
declare function showVideo(url: string): void;
declare function showBalance(credits: number | undefined): void;
/** The signed-in client of the first snippet, for the snippets after it. */
declare const client: import('@pawloween/platform-client').PlatformClient;
