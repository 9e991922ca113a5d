/**
 * What eval/rank-diag.mjs and eval/decline-diag.mjs read of one reader site: its sections as
 * `run.mjs --dump-sections <dir>` wrote them, and its frozen questions. A file that cannot be
 * read or parsed ends the tool with one line (exit 2).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export function readDiagSite(tool, sectionsDir, site) {
  try {
    const sections = JSON.parse(readFileSync(path.join(sectionsDir, `sections-${site}.json`), 'utf8'));
    const { questions } = JSON.parse(readFileSync(path.join(here, 'reader/questions', `${site}.json`), 'utf8'));
    return { sections, questions };
  } catch (error) {
    console.error(`${tool}: ${site}: ${error.message}`);
    process.exit(2);
  }
}
