/**
 * The page scanner's heavy half (parser, extensions, slugging). Imported statically here, for the
 * sources and tests; scripts/bundle.mjs replaces this file so that the bundles `require()` it from
 * a file of its own (dist/cli/pages.js), on the first scan only.
 */
import * as scanner from './scanner.js';

export function loadScanner(): typeof scanner {
  return scanner;
}
