/**
 * A page's front matter, read the way the platform's build reads it: the `front-matter`
 * package's rules over js-yaml. The block is found only when the file's first line holds
 * `---` (or `= yaml =`); it ends at a line of the same marker or `...`; its text is trimmed
 * and loaded with js-yaml's default (safe) schema. js-yaml is more lenient than the `yaml`
 * package docs.yaml is read with (a quoted scalar continued on a less indented line is
 * accepted), and the platform builds such pages, so docsnav must read them too.
 *
 * A page that imports something is read otherwise: the build parses it as MDX, resolves the
 * imports and reads the front matter of the page it writes out again, where MDX's block
 * (`--- ` with trailing spaces opens one; `= yaml =` does not) stands between plain `---`
 * lines (@mintlify/prebuild 1.0.1341: a page opened by `--- ` is titled from its front matter
 * when it imports something, from its file name otherwise). The page is parsed as MDX only
 * when the two readings differ, which a scan of its first lines tells.
 */
import type * as JsYaml from 'js-yaml';
import { textOf } from '../files.js';
import { lazy } from '../lazy.js';
import { isPlainObject } from '../navigation/model.js';
import { plainFrontMatter } from './front-matter-fast.js';
import { loadScanner } from './load.js';

/** Loaded on the first page with front matter: `import 'docsnav'` does not pay for a YAML parser. */
const jsYaml = lazy<typeof JsYaml>('js-yaml');

const FIRST_LINE = /= yaml =|---/;
const BLOCK = /^(\uFEFF?(= yaml =|---)$([\s\S]*?)^(?:\2|\.\.\.)\s*$(?:\n)?)/m;

export type FrontMatter =
  /** The block's fields (an empty object for an empty block). */
  | { ok: true; data: Record<string, unknown>; end: number }
  /** The block is not YAML js-yaml can load; `line` is 1-based in the file. */
  | { ok: false; message: string; line?: number; end: number };

/**
 * The front matter of a page's text (`end`: the offset where its body starts); undefined when it
 * has no front-matter block. `page`: the whole page, when `text` is only its start (an import
 * further down decides how the block is read, in the rare page where that matters).
 */
export function parseFrontMatter(text: string, page?: () => string): FrontMatter | undefined {
  const written = packageBlock(text);
  const mdx = mdxBlock(text);
  if (written?.yaml === mdx?.yaml) return written && load(written);
  // The two readings differ: the platform takes MDX's when the page imports something.
  const head = loadScanner().mdxPageHead(page ? page() : text);
  if (!head?.imports) return written && load(written);
  if (head.yaml === undefined) return undefined;
  const rewritten = packageBlock(`---\n${head.yaml}\n---\n`);
  return rewritten && load({ ...rewritten, end: mdx?.end ?? 0 });
}

/** The trimmed YAML of the block the front-matter package reads in a page's text, if any (what the fast path is held to js-yaml on). */
export function frontMatterYaml(text: string): string | undefined {
  return packageBlock(text)?.yaml;
}

/** A block as the front-matter package finds it: its text trimmed, its leading blank lines, where the body starts. */
interface Block {
  yaml: string;
  blankLines: number;
  end: number;
}

/** The block the front-matter package reads in a text, if any. */
function packageBlock(text: string): Block | undefined {
  const firstBreak = text.search(/\r?\n/);
  const firstLine = firstBreak < 0 ? text : text.slice(0, firstBreak);
  if (firstLine === '' || !FIRST_LINE.test(firstLine)) return undefined;
  const match = BLOCK.exec(text);
  if (!match) return undefined;
  const yaml = match[3].trim();
  // The block starts on the file's second line, after leading blank lines the trim removed.
  const skipped = match[3].length - match[3].trimStart().length;
  const blankLines = (match[3].slice(0, skipped).match(/\n/g) ?? []).length;
  // Where the page's body starts: after the block's closing line.
  return { yaml, blankLines, end: match.index + match[0].length };
}

/**
 * The block MDX reads (micromark-extension-frontmatter): a first line of `---` and optional spaces
 * or tabs, to the next such line; its text trimmed, as the package would trim it once the build
 * writes it between plain fences. A byte order mark is skipped, as micromark skips it.
 */
export function mdxBlock(text: string): { yaml: string; end: number } | undefined {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let lineEnd = endOfLine(text, start);
  if (!isFence(text, start, lineEnd) || lineEnd === text.length) return undefined;
  const content = afterLineEnding(text, lineEnd);
  for (let line = content; ;) {
    lineEnd = endOfLine(text, line);
    if (isFence(text, line, lineEnd)) return { yaml: text.slice(content, line).trim(), end: afterLineEnding(text, lineEnd) };
    if (lineEnd === text.length) return undefined;
    line = afterLineEnding(text, lineEnd);
  }
}

/** `---` and nothing but spaces and tabs after it, from `start` to `end`. */
function isFence(text: string, start: number, end: number): boolean {
  if (!text.startsWith('---', start)) return false;
  for (let i = start + 3; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/** Where the line starting at `from` ends: its `\r` or `\n`, or the text's end. */
function endOfLine(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return i;
  }
  return text.length;
}

/** Past the line ending at `at` (`\n`, `\r\n` or `\r`). */
function afterLineEnding(text: string, at: number): number {
  return text.charCodeAt(at) === 13 && text.charCodeAt(at + 1) === 10 ? at + 2 : at + 1;
}

/** A block's YAML loaded as the front-matter package loads it (the plain shapes without js-yaml, to the same result). */
function load(block: Block): FrontMatter {
  const { yaml, blankLines, end } = block;
  const plain = plainFrontMatter(yaml);
  if (plain) return { ok: true, data: plain, end };
  try {
    const data: unknown = jsYaml().load(yaml);
    return { ok: true, data: isPlainObject(data) ? data : {}, end };
  } catch (error) {
    const exception = error as JsYaml.YAMLException;
    const reason = typeof exception.reason === 'string' ? exception.reason : String((error as Error).message ?? error);
    const at = exception.mark?.line;
    return typeof at === 'number' ? { ok: false, message: reason, line: at + 1 + blankLines, end } : { ok: false, message: reason, end };
  }
}

/** A string field of front matter that says something (not empty). */
export function stringField(data: Record<string, unknown>, key: string): string | undefined {
  const value = data[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Front matter is at the top: this much of a page is enough to find it (and its text, to locate a problem in it). */
const FRONT_MATTER_BYTES = 64 * 1024;

/** The start of a page's bytes that front matter is read from, as text (what locates a problem in it). */
export function headText(bytes: Buffer): string {
  return textOf(bytes.subarray(0, FRONT_MATTER_BYTES));
}
