/**
 * The page scanner's heavy half (parser, extensions, slugging). Imported statically here, for the
 * sources and tests; scripts/bundle.mjs replaces this file so that the bundles `require()` it from
 * a file of its own (dist/cli/pages.js), on the first scan only.
 */
import * as scanner from './scanner.js';

export function loadScanner(): typeof scanner {
  return scanner;
}

/**
 * What tells this scanner from another build of it (PageScanStore keys its file by it). The
 * bundles take it from their scanner file's size and time without loading it, so that a run whose
 * pages are all kept never loads the parser.
 */
export function scannerFingerprint(): string {
  return loadScanner().scannerFingerprint();
}
