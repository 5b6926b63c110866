// What a README snippet takes for granted, for tests/package/client-consumer.test.ts: the page's
// location and history (as a browser has them, recording where the page goes), the app's own
// functions (recording what they are shown), its project token, two images and, for the snippets
// after sign-in, a signed-in client. `done()` prints what happened as the last line.
import { readFileSync } from 'node:fs';
import { PlatformClient } from '@pawloween/platform-client';

const { BASE_URL, PROJECT_TOKEN, PAGE_URL, ACCESS_TOKEN, PET_PNG, COSTUME_PNG } = process.env;
const dataUrl = (file) => `data:image/png;base64,${readFileSync(file).toString('base64')}`;
const seen = [];
const page = new URL(PAGE_URL ?? 'http://app.test/');

globalThis.location = {
  get href() {
    return page.href;
  },
  set href(url) {
    seen.push(['navigate', String(url)]);
  },
  assign(url) {
    seen.push(['navigate', String(url)]);
  },
};
globalThis.history = {
  replaceState(_state, _title, url) {
    seen.push(['replaceState', String(url)]);
  },
};

const client = ACCESS_TOKEN
  ? new PlatformClient({ baseUrl: BASE_URL, accessToken: ACCESS_TOKEN })
  : undefined;

export const readme = {
  projectToken: PROJECT_TOKEN,
  petDataUrl: PET_PNG && dataUrl(PET_PNG),
  costumeDataUrl: COSTUME_PNG && dataUrl(COSTUME_PNG),
  showImage: (url) => seen.push(['showImage', typeof url]),
  showVideo: (url) => seen.push(['showVideo', typeof url]),
  showBalance: (credits) => seen.push(['showBalance', typeof credits]),
  client,
};

export async function done() {
  // A snippet run with a token the platform refuses (the relay's refusal) has nothing stored.
  const stored = client
    ? await client.storage.get().then(
        (snapshot) => snapshot.sessionData,
        () => undefined,
      )
    : undefined;
  console.log(`README-SNIPPET ${JSON.stringify({ seen, stored })}`);
}
