/**
 * Lighthouse (about 100 MB with what it pulls in) is not one of the project's dependencies, so
 * `npm ci && npm start` and the tests never install it: only the lighthouse bench needs it, and
 * says how to add it when it is missing.
 */
const LIGHTHOUSE = 'lighthouse@12.8.2';

/** Lighthouse now and then fails to record a page's trace (NO_NAVSTART): that run is made again. */
const ATTEMPTS = 3;

/** What the benches read of a Lighthouse result. */
export interface LighthouseResult {
  readonly audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
  readonly categories: Record<string, { score: number | null } | undefined>;
  readonly runtimeError?: { message: string };
}

type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
) => Promise<{ lhr: LighthouseResult } | undefined>;

/** Lighthouse, loaded when a bench first needs it; a clear message when it is not installed. */
async function loadLighthouse(): Promise<Lighthouse> {
  // A name the compiler does not resolve: the repository builds and type-checks without it.
  const name = LIGHTHOUSE.slice(0, LIGHTHOUSE.lastIndexOf('@'));
  try {
    return ((await import(name)) as { default: Lighthouse }).default;
  } catch (error) {
    throw new Error(
      `The lighthouse bench needs ${LIGHTHOUSE}, which npm ci leaves out (about 100 MB). Add it with \`npm install --no-save ${LIGHTHOUSE}\`, then run the bench again.`,
      { cause: error },
    );
  }
}

/** Lighthouse's performance category on url (mobile, its default config), in the chromium on port. */
export async function performanceAudit(port: number, url: string): Promise<LighthouseResult> {
  const lighthouse = await loadLighthouse();
  let lhr: LighthouseResult | undefined;
  for (let attempt = 1; attempt <= ATTEMPTS && (!lhr || lhr.runtimeError); attempt++)
    lhr = (
      await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      })
    )?.lhr;
  if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
  return lhr;
}
