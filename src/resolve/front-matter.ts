/**
 * A page's front matter, read the way the platform's build reads it: the `front-matter`
 * package's rules over js-yaml. The block is found only when the file's first line holds
 * `---` (or `= yaml =`); it ends at a line of the same marker or `...`; its text is trimmed
 * and loaded with js-yaml's default (safe) schema. js-yaml is more lenient than the `yaml`
 * package docs.yaml is read with (a quoted scalar continued on a less indented line is
 * accepted), and the platform builds such pages, so docsnav must read them too.
 */
import type * as JsYaml from 'js-yaml';
import { lazy } from '../lazy.js';
import { isPlainObject } from '../navigation/model.js';

/** Loaded on the first page with front matter: `import 'docsnav'` does not pay for a YAML parser. */
const jsYaml = lazy<typeof JsYaml>('js-yaml');

const FIRST_LINE = /= yaml =|---/;
const BLOCK = /^(\uFEFF?(= yaml =|---)$([\s\S]*?)^(?:\2|\.\.\.)\s*$(?:\n)?)/m;

export type FrontMatter =
  /** The block's fields (an empty object for an empty block). */
  | { ok: true; data: Record<string, unknown>; end: number }
  /** The block is not YAML js-yaml can load; `line` is 1-based in the file. */
  | { ok: false; message: string; line?: number; end: number };

/** The front matter of a page's text (`end`: the offset where its body starts); undefined when it has no front-matter block. */
export function parseFrontMatter(text: string): FrontMatter | undefined {
  const firstBreak = text.search(/\r?\n/);
  const firstLine = firstBreak < 0 ? text : text.slice(0, firstBreak);
  if (firstLine === '' || !FIRST_LINE.test(firstLine)) return undefined;
  const match = BLOCK.exec(text);
  if (!match) return undefined;
  const yaml = match[3].trim();
  // Where the page's body starts: after the block's closing line.
  const end = match.index + match[0].length;
  try {
    const data: unknown = jsYaml().load(yaml);
    return { ok: true, data: isPlainObject(data) ? data : {}, end };
  } catch (error) {
    const exception = error as JsYaml.YAMLException;
    const reason = typeof exception.reason === 'string' ? exception.reason : String((error as Error).message ?? error);
    const at = exception.mark?.line;
    // The block starts on the file's second line, after leading blank lines the trim removed.
    const skipped = match[3].length - match[3].trimStart().length;
    const blankLines = (match[3].slice(0, skipped).match(/\n/g) ?? []).length;
    return typeof at === 'number' ? { ok: false, message: reason, line: at + 1 + blankLines, end } : { ok: false, message: reason, end };
  }
}

/** A string field of front matter that says something (not empty). */
export function stringField(data: Record<string, unknown>, key: string): string | undefined {
  const value = data[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
