import lighthouse from 'lighthouse';

/** Lighthouse now and then fails to record a page's trace (NO_NAVSTART): that run is made again. */
const ATTEMPTS = 3;

/** Lighthouse's performance category on url (mobile, its default config), in the chromium on port. */
export async function performanceAudit(port: number, url: string) {
  let lhr;
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
