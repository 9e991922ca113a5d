/**
 * The licences of the packages a bundle inlines (graphql-js, micromark, acorn, the language
 * server's protocol packages, ...): they are not installed beside docsnav, so their notices ship
 * in dist/cli/THIRD-PARTY-LICENSES.txt. Read from esbuild's metafiles: each input under
 * node_modules names its package's folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The folder of the package an input path (relative to `project`) is in, or undefined for the project's own files. */
function packageFolder(input) {
  const parts = input.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  // Stryker disable next-line OptionalChaining: equivalent: an input is a file, so a part always follows node_modules
  const depth = parts[at + 1]?.startsWith('@') ? 3 : 2;
  return parts.slice(0, at + depth).join('/');
}

/** A manifest's licence: `license`, or the old `licenses: [{ type }]`. */
function licenseOf(manifest) {
  if (typeof manifest.license === 'string') return manifest.license;
  if (Array.isArray(manifest.licenses)) return manifest.licenses.map((entry) => entry.type).join(' OR ') || undefined;
  return undefined;
}

/** One notice per package the metafiles' inputs come from, by name: its name, version, licence and licence text. */
export function thirdPartyNotices(project, metafiles) {
  const folders = new Set();
  for (const metafile of metafiles)
    for (const input of Object.keys(metafile.inputs)) {
      const folder = packageFolder(input);
      if (folder !== undefined) folders.add(folder);
    }
  const notices = [...folders].map((folder) => {
    const absolute = path.join(project, folder);
    // Stryker disable next-line StringLiteral: equivalent: without an encoding readFileSync gives a Buffer, which JSON.parse reads as UTF-8 text all the same
    const manifest = JSON.parse(readFileSync(path.join(absolute, 'package.json'), 'utf8'));
    const file = readdirSync(absolute).find((name) => /^(licen[cs]e|copying)(\.\w+)?$/i.test(name));
    const license = licenseOf(manifest);
    if (license === undefined) throw new Error(`${folder}: inlined in a bundle, but its package.json names no licence`);
    // A package without a licence file (format@0.2.2) ships its manifest's word for it, said so.
    const text =
      file !== undefined ? readFileSync(path.join(absolute, file), 'utf8').trim() : `(The package has no licence file; its package.json says ${license}.)`;
    return { name: manifest.name, version: manifest.version, license, text };
  });
  const unique = new Map(notices.map((notice) => [`${notice.name}@${notice.version}`, notice]));
  return [
    'Packages inlined in the files of this folder, with their licences.',
    ...[...unique.values()]
      .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version))
      .map((notice) => `\n${'-'.repeat(72)}\n${notice.name}@${notice.version} (${notice.license})\n\n${notice.text}`),
  ].join('\n');
}
