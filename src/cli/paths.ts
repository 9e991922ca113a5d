import { statSync } from 'node:fs';
import path from 'node:path';

const NAMES = ['docs.json', 'docs.yaml', 'docs.yml'];

/** A folder stands for the docs.json (or docs.yaml/.yml) inside it; no path means the current folder. */
export function docsFileOf(given: string | undefined): string {
  const target = given ?? '.';
  let isDirectory = false;
  try {
    isDirectory = statSync(target).isDirectory();
  } catch {
    return target; // reading it reports the I/O error
  }
  if (!isDirectory) return target;
  for (const name of NAMES) {
    const candidate = path.join(target, name);
    try {
      if (statSync(candidate).isFile()) return given === undefined ? name : candidate;
    } catch {
      // try the next name
    }
  }
  return path.join(target, 'docs.json');
}
