/**
 * A project's own docsnav config file applies to its deployments, as it does to
 * `docsnav validate` in the repository. The search goes from the docs folder up to the top
 * of the checkout and never above it: nothing outside the repository is read.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE_NAMES, loadConfig, type LoadedConfig } from '../config/load.js';

export function projectConfig(docsFile: string, checkoutRoot: string): LoadedConfig {
  const top = path.resolve(checkoutRoot);
  for (let folder = path.dirname(path.resolve(docsFile)); folder === top || folder.startsWith(top + path.sep); folder = path.dirname(folder)) {
    for (const name of CONFIG_FILE_NAMES) {
      const file = path.join(folder, name);
      if (!isRegularFile(file)) continue;
      if (name === 'package.json' && !readFileSync(file, 'utf8').includes('"docsnav"')) continue;
      return loadConfig(docsFile, { configFile: file });
    }
    if (folder === top) break;
  }
  return { options: {}, problems: [] };
}

function isRegularFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
