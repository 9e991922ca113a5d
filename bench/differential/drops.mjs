/**
 * What the platform's validator silently drops of a docs.json it accepts: @mintlify/validation's
 * `validateDocsConfig` (the copy @mintlify/prebuild installed, bench/prebuild.mjs, so the one the
 * build runs) parses the whole document, and every array entry or key of the input that its output
 * lacks (or holds as `undefined`: a value its `.catch(undefined)` dropped) is a drop, as a JSON
 * pointer into the document with its `$ref`s followed. The rule: docsnav errs only where
 * the platform fails or drops something, and says so where it drops.
 *
 * `$ref`s are followed as the build follows them (JSON files under the site, a path relative to the
 * file that holds it, keys beside an object target merged on top); `mounts` says where each
 * referenced file's value sits in the followed document, so a problem docsnav locates in that file
 * can be placed there.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensurePrebuild, folder } from '../prebuild.mjs';

const validationDist = path.join(folder, 'node_modules', '@mintlify', 'validation', 'dist');
let validation;

/** @mintlify/validation as the build installed it (imported once). */
export async function platformValidation() {
  ensurePrebuild();
  validation ??= await import(pathToFileURL(path.join(validationDist, 'index.js')).href);
  return validation;
}

const commonDist = path.join(folder, 'node_modules', '@mintlify', 'common', 'dist');
let common;

/**
 * The files of a site (root-relative names -> text) that the platform deploys, asked of its own
 * code (@mintlify/common, as prebuild installed it): not left out by its ignores (its defaults,
 * `README.md`, `CHANGELOG.md`, …, and `.mintignore`'s patterns), and no `.md`/`.mdx` file it takes
 * for nothing (`getFileCategory` null: `license.md`, `contribute.md`, …). What a decision may take
 * for a path the built site answers.
 */
export async function platformServedFiles(files) {
  ensurePrebuild();
  common ??= await import(pathToFileURL(path.join(commonDist, 'index.js')).href);
  const mintignore = files['.mintignore'];
  const ignored = common.createMintIgnoreMatcher(typeof mintignore === 'string' ? common.processMintIgnoreString(mintignore) : []);
  return Object.keys(files).filter((file) => !ignored.ignores(file) && !(/\.mdx?$/i.test(file) && common.getFileCategory(file) === null));
}

/** The errors of reading a file that is missing, a folder, or not JSON: what the catch below names. */
const unreadable = (error) => error instanceof SyntaxError || error?.code === 'ENOENT' || error?.code === 'EISDIR';

const escapePointer = (key) => String(key).replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * docs.json with its `$ref`s replaced by what they name; `mounts` gets `{ file, pointer }` for each
 * referenced file (root-relative path, where its value sits). A `$ref` the build cannot follow is
 * left as it is (the build says so, not this); a cycle stops at the second visit.
 */
function followRefs(value, siteDir, file = 'docs.json', pointer = '', mounts = [], seen = new Set()) {
  if (Array.isArray(value)) return value.map((item, i) => followRefs(item, siteDir, file, `${pointer}/${i}`, mounts, seen));
  if (value === null || typeof value !== 'object') return value;
  if (typeof value.$ref === 'string') {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), value.$ref));
    if (!seen.has(target) && !target.startsWith('..')) {
      try {
        const loaded = JSON.parse(readFileSync(path.join(siteDir, target), 'utf8'));
        mounts.push({ file: target, pointer });
        const followed = followRefs(loaded, siteDir, target, pointer, mounts, new Set([...seen, target]));
        const beside = Object.fromEntries(Object.entries(value).filter(([key]) => key !== '$ref'));
        if (followed !== null && typeof followed === 'object' && !Array.isArray(followed)) {
          return { ...followed, ...followRefs(beside, siteDir, file, pointer, mounts, seen) };
        }
        return followed;
      } catch (error) {
        if (!unreadable(error)) throw error;
      }
    }
    return value;
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, followRefs(item, siteDir, file, `${pointer}/${escapePointer(key)}`, mounts, seen)]),
  );
}

/** The pointers of what `input` has and `output` lacks: array entries (the array, when fewer), keys, values dropped to undefined. */
function lacks(input, output, pointer, into) {
  if (Array.isArray(input)) {
    if (!Array.isArray(output)) return into.push(pointer);
    if (output.length < input.length) return into.push(pointer);
    input.forEach((item, i) => lacks(item, output[i], `${pointer}/${i}`, into));
  } else if (input !== null && typeof input === 'object') {
    if (output === null || typeof output !== 'object' || Array.isArray(output)) return into.push(pointer);
    for (const [key, item] of Object.entries(input)) {
      const at = `${pointer}/${escapePointer(key)}`;
      if (!Object.hasOwn(output, key) || (output[key] === undefined && item !== undefined)) into.push(at);
      else lacks(item, output[key], at, into);
    }
  }
  return into;
}

/**
 * `{ accepted, drops, docs, mounts }` for a site with a docs.json: whether the validator accepts it,
 * the pointers of what it drops, the document with `$ref`s followed and where each referenced file
 * sits. A site with no readable docs.json: `{ accepted: false, drops: [] }`.
 */
/** An entry `{ "sourceRef": "…" }` (another repository's navigation, filled in by a multi-repository deployment). */
const isSourceRef = (value) => typeof value === 'object' && value !== null && !Array.isArray(value) && typeof value.sourceRef === 'string';
const hasSourceRefs = (value) =>
  Array.isArray(value)
    ? value.some(hasSourceRefs)
    : typeof value === 'object' && value !== null && (isSourceRef(value) || Object.values(value).some(hasSourceRefs));
/** The document without its sourceRef entries, as @mintlify/prebuild's stripSourceRefsForLocalPreview leaves it. */
function withoutSourceRefs(value) {
  if (Array.isArray(value)) return value.filter((entry) => !isSourceRef(entry)).map(withoutSourceRefs);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, entry]) => (isSourceRef(entry) ? [] : [[key, withoutSourceRefs(entry)]])));
}

export async function platformDrops(siteDir) {
  const { validateDocsConfig } = await platformValidation();
  const mounts = [];
  let docs;
  try {
    docs = followRefs(JSON.parse(readFileSync(path.join(siteDir, 'docs.json'), 'utf8')), siteDir, 'docs.json', '', mounts);
  } catch (error) {
    if (unreadable(error)) return { accepted: false, drops: [], mounts };
    throw error;
  }
  // The build runs as a multi-repository deployment's does (bench/prebuild.mjs: allowSourceRefs): its
  // sourceRef entries are left out before the validator sees the site, so what it drops is measured
  // from the site without them.
  const seen = hasSourceRefs(docs) ? withoutSourceRefs(docs) : docs;
  const result = validateDocsConfig(seen);
  if (!result.success) return { accepted: false, drops: [], docs, mounts };
  return { accepted: true, drops: lacks(seen, result.data, '', []), docs, mounts };
}
