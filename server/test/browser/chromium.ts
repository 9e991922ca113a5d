/**
 * The browser suite's global setup: Chromium must be there. Missing, the suite fails at once with
 * one line saying how to install it (never a silent skip).
 */
import { accessSync, constants } from 'node:fs';

/** Debian's Chromium (`apt-get install chromium`), or another build named by DOCSNAV_TEST_CHROMIUM. */
export const CHROMIUM = process.env.DOCSNAV_TEST_CHROMIUM || '/usr/bin/chromium';

export function chromiumMissing(): string | undefined {
  try {
    accessSync(CHROMIUM, constants.X_OK);
    return undefined;
  } catch {
    return `no Chromium at ${CHROMIUM}: install it with \`apt-get update && apt-get install -y chromium\` (as root), or name another build in DOCSNAV_TEST_CHROMIUM`;
  }
}

export default function setup(): void {
  const missing = chromiumMissing();
  if (missing) {
    // One line and out: a thrown error here reads as "No test files found" above it, then the error.
    console.error(`browser tests: ${missing}`);
    process.exit(1);
  }
}
