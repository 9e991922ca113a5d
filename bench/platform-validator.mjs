/**
 * The platform's own docs.json validator (@mintlify/validation), installed on demand for the
 * corpus suite's agreement test (test/settings/platform-agreement.corpus.test.ts), never a
 * dependency of docsnav (its licence is not ours). It goes into bench/.platform-validator/
 * (git-ignored), one folder per version.
 *
 *   node bench/platform-validator.mjs     installs it and prints the version and its entry file
 *
 * VERSIONS: the one the platform's build uses first (@mintlify/prebuild 1.0.1370 depends on
 * 0.1.894), then the newest the npm registry answered for when 0.1.894 was not there
 * (0.1.878, as bench/incumbent.mjs uses). The first that installs is measured; the test says which.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hasVersion, installFolder, installPinned } from './pinned.mjs';

const PACKAGE = '@mintlify/validation';
const VERSIONS = ['0.1.894', '0.1.878'];
const base = installFolder('.platform-validator');

function folderOf(version) {
  return path.join(base, version);
}

function installedIn(folder, version) {
  return hasVersion(path.join(folder, 'node_modules', '@mintlify', 'validation', 'package.json'), version);
}

/**
 * Installs the first of VERSIONS that npm can install (or finds it installed). Returns
 * `{ version, url, skipped }` (the module's file URL, and why earlier versions were not installed),
 * or `{ reason }` when none could be installed.
 */
export function ensurePlatformValidator({ quiet = false } = {}) {
  const failures = [];
  for (const version of VERSIONS) {
    const folder = folderOf(version);
    if (!installedIn(folder, version)) {
      const run = installPinned(folder, `${PACKAGE}@${version}`, {
        project: 'docsnav-platform-validator',
        quiet,
        capture: true,
      });
      if (run.status !== 0 || !installedIn(folder, version)) {
        const why = run.lastLines.find((line) => /npm error|ERR|Error/.test(line)) ?? run.lastLines.at(-1) ?? '';
        failures.push(`${run.cause ?? `${PACKAGE}@${version} was not installed`}${why ? `: ${why.trim()}` : ''}`);
        continue;
      }
    }
    return { version, skipped: failures, url: pathToFileURL(path.join(folder, 'node_modules', '@mintlify', 'validation', 'dist', 'index.js')).href };
  }
  return { reason: `could not install ${PACKAGE} (${failures.join('; ')})` };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = ensurePlatformValidator();
  if ('reason' in result) {
    process.stderr.write(`${result.reason}\n`);
    process.exitCode = 1;
  } else process.stdout.write(`${PACKAGE}@${result.version} ${fileURLToPath(result.url)}\n`);
}
