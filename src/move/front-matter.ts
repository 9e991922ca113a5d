/**
 * A page's `openapi` front matter that names a spec file by its path (`openapi: "/api/spec.json
 * GET /users"`): when the spec moves (it was in a moved folder), the path is rewritten in place,
 * as written (a leading `/` kept). A reference without a spec path finds the operation in any
 * spec, wherever it is, and is left alone.
 */
import { parseEntry } from '../navigation/entries.js';
import { rootRelative } from '../navigation/openapi.js';
import type { TextEdit } from '../text-edit.js';
import { parseFrontMatter, stringField } from '../pages/front-matter.js';

/** The edit of the spec path in a page's `openapi` front matter, when the spec moves; `missed` when it cannot be found as written. */
export function frontMatterSpecEdit(text: string, files: ReadonlyMap<string, string>): { edit?: TextEdit; missed?: { spec: string; offset: number } } {
  const front = parseFrontMatter(text);
  if (!front?.ok) return {};
  const reference = stringField(front.data, 'openapi');
  const entry = reference === undefined ? undefined : parseEntry(reference.trim());
  if (entry === undefined || entry.kind === 'page' || entry.specfile === undefined) return {};
  const moved = files.get(rootRelative(entry.specfile));
  if (moved === undefined) return {};
  // The `openapi:` line of the block, and the spec path on it as written.
  const line = /^openapi[ \t]*:.*$/m.exec(text.slice(0, front.end));
  const at = line ? line[0].indexOf(entry.specfile) : -1;
  if (!line || at === -1) return { missed: { spec: entry.specfile, offset: line?.index ?? 0 } };
  const start = line.index + at;
  return { edit: { start, end: start + entry.specfile.length, text: `${entry.specfile.startsWith('/') ? '/' : ''}${moved}` } };
}
