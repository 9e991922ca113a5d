/**
 * Which files of the docs root the platform's build reads as pages, listed in the navigation or
 * not: it parses the front matter of every one, and one it cannot parse fails the whole build
 * (issue 56). Learned from @mintlify/prebuild 1.0.1341 and @mintlify/common (no code copied), and
 * checked against that build on small sites (test/resolve/unlisted-pages.test.ts says which):
 *
 * - a page is a file ending in `.mdx` or `.md` (as written: `x.MDX` is a static file);
 * - not under `snippets/` or `_snippets/` at the root (any case): those are parts of pages;
 * - a `.md` file named `readme`, `license`, `contributing` or `contribute` (any case, any folder)
 *   is no page either;
 * - what the platform ignores is left out (`.git`, `.github`, `node_modules`, `README.md`, … and
 *   `.mintignore`'s patterns: src/platform-ignores.ts, given by the caller); any other folder
 *   starting with a dot is read like the rest;
 * - a file another content file imports (`import X from "/components/x.mdx"`, or a relative path)
 *   is a snippet, not a page (`importsOf`).
 */
import path from 'node:path';

/** Whether the build reads a file for the imports it holds: every `.mdx`, `.md`, `.jsx` and `.tsx` file. */
export function mayImport(file: string): boolean {
  return /\.(mdx|md|jsx|tsx)$/.test(file);
}

const IMPORT_LINE = /^import\s/m;
/** An import declaration's source, the declaration possibly over several lines (`import {\n  A,\n} from "…"`). */
const IMPORT = /^import\s+(?:[\w$*{},\s]+?\s+from\s+)?['"]([^'"]+)['"]/gm;
const FENCE = /^[ \t]*(`{3,}|~{3,})/;

/**
 * The root-relative files (lower-cased, as the build compares them) that `text`, the content of
 * `file`, imports: local sources only (`/…`, `./…`, `../…`), each resolved against the root or
 * the importing file's folder. Lines inside fenced code blocks are not imports.
 */
export function importsOf(file: string, text: string): string[] {
  // Stryker disable next-line ConditionalExpression: a shortcut (most pages import nothing); without it the loop below finds nothing either.
  if (!IMPORT_LINE.test(text)) return [];
  const unfenced = withoutFencedCode(text);
  const imported: string[] = [];
  for (const match of unfenced.matchAll(IMPORT)) {
    const source = match[1];
    if (!/^(\/|\.\.?\/)/.test(source)) continue;
    // An absolute source resolves to itself, normalized; a relative one against the importing file's folder.
    const resolved = path.posix.resolve(path.posix.dirname(`/${file}`), source);
    imported.push(resolved.slice(1).toLowerCase());
  }
  return imported;
}

/** `text` with the lines of fenced code blocks emptied (their line breaks kept). */
function withoutFencedCode(text: string): string {
  // Stryker disable next-line ConditionalExpression: a shortcut (most pages have no fenced code); without it the loop below changes nothing either.
  if (!/^[ \t]*(```|~~~)/m.test(text)) return text;
  const lines = text.split('\n');
  let fence: { char: string; length: number } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const run = FENCE.exec(lines[i])?.[1];
    if (fence) {
      if (run !== undefined && run[0] === fence.char && run.length >= fence.length) fence = undefined;
      // Stryker disable next-line StringLiteral: a fence's lines only need to hold no import; empty is the simplest such line.
      lines[i] = '';
    } else if (run !== undefined) {
      fence = { char: run[0], length: run.length };
      // Stryker disable next-line StringLiteral: as above.
      lines[i] = '';
    }
  }
  return lines.join('\n');
}
