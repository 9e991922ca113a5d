/**
 * What the platform's validator silently drops of a docs.json it accepts: @mintlify/validation's
 * `validateDocsConfig` (the copy @mintlify/prebuild installed, bench/prebuild.mjs, so the one the
 * build runs) parses the navigation, and every array entry or key of the input that its output
 * lacks is a drop (JSON pointers). The rule: docsnav errs only where the platform fails or
 * drops something.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensurePrebuild } from '../prebuild.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const entry = path.join(here, '..', '.prebuild', 'node_modules', '@mintlify', 'validation', 'dist', 'index.js');
let validation;

/** The errors of reading a file that is missing, a folder, or not JSON: what the two catches below name. */
const unreadable = (error) => error instanceof SyntaxError || error?.code === 'ENOENT' || error?.code === 'EISDIR';

const escape = (key) => String(key).replaceAll('~', '~0').replaceAll('/', '~1');

/** docs.json with its `$ref`s replaced by the files they name (JSON files under the site only). */
function withRefs(value, dir) {
  if (Array.isArray(value)) return value.map((item) => withRefs(item, dir));
  if (value === null || typeof value !== 'object') return value;
  if (typeof value.$ref === 'string' && Object.keys(value).length === 1) {
    try {
      return withRefs(JSON.parse(readFileSync(path.join(dir, value.$ref), 'utf8')), dir);
    } catch (error) {
      // A $ref the build cannot follow (no file, a folder, not JSON): the build says so, not this.
      if (unreadable(error)) return value;
      throw error;
    }
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withRefs(item, dir)]));
}

/** The pointers of what `input` has and `output` lacks: array entries (by count) and keys. */
function lacks(input, output, pointer, into) {
  if (Array.isArray(input)) {
    if (!Array.isArray(output)) return into.push(pointer);
    if (output.length < input.length) return into.push(pointer); // entries dropped: the array as a whole
    input.forEach((item, i) => lacks(item, output[i], `${pointer}/${i}`, into));
  } else if (input !== null && typeof input === 'object') {
    if (output === null || typeof output !== 'object' || Array.isArray(output)) return into.push(pointer);
    for (const [key, item] of Object.entries(input)) {
      if (!Object.hasOwn(output, key)) into.push(`${pointer}/${escape(key)}`);
      else lacks(item, output[key], `${pointer}/${escape(key)}`, into);
    }
  }
  return into;
}

/** `{ accepted, drops }`: whether the validator accepts the site's docs.json, and what it drops of its navigation. */
export async function platformDrops(siteDir) {
  ensurePrebuild();
  validation ??= await import(pathToFileURL(entry).href);
  let docs;
  try {
    docs = withRefs(JSON.parse(readFileSync(path.join(siteDir, 'docs.json'), 'utf8')), siteDir);
  } catch (error) {
    // A docs.json that is not JSON: the validator never sees it, the build fails on it.
    if (unreadable(error)) return { accepted: false, drops: [] };
    throw error;
  }
  const result = validation.validateDocsConfig(docs);
  if (!result.success) return { accepted: false, drops: [] };
  return { accepted: true, drops: lacks(docs.navigation, result.data.navigation, '/navigation', []) };
}
