import { APP_DEFAULTS, type AppConfig } from '../domain/model/app-config';
import { deepMerge, isPlainObject, type MergeReport } from './deep-merge';

/** Where the preview writes what it noticed in data.json; the bootstrap passes the console. */
export interface PreviewLog {
  log(...data: unknown[]): void;
  warn(...data: unknown[]): void;
}

/**
 * The app's config from a parsed data.json (SPEC.md section 3 "Preview data file"): CONSTANTS
 * deep-merged into the defaults, every other top-level key only logged. Undefined when the file is
 * not a JSON object at all, which the caller treats like a missing file.
 */
export function readDataFile(json: unknown, log: PreviewLog): AppConfig | undefined {
  if (!isPlainObject(json)) return undefined;
  let config = APP_DEFAULTS;
  for (const [key, value] of Object.entries(json)) {
    if (key !== 'CONSTANTS') {
      log.log(`data.json: ${key} =`, value);
      continue;
    }
    if (!isPlainObject(value)) {
      log.warn('data.json: CONSTANTS is not an object, using the default constants');
      continue;
    }
    const report: MergeReport = { mismatched: [], forbidden: [] };
    config = deepMerge(APP_DEFAULTS, value, report);
    for (const path of report.mismatched) {
      log.warn(`data.json: CONSTANTS.${path} has the wrong type, keeping the default`);
    }
    for (const path of report.forbidden) log.warn(`data.json: CONSTANTS.${path} is ignored`);
  }
  return config;
}
