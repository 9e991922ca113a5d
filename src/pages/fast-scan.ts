/**
 * The page scanner's fast path: one pass over a page, line by line, that finds what the rules
 * need (links, images, definitions, the `href`/`src` of elements, headings, elements and their
 * attributes, front matter) with the offsets micromark gives, and builds just enough of the tree
 * for anchors.ts to make the page's ids as it makes them from micromark's tree. An MDX page
 * (`mdx`) has elements, expressions and ESM; a Markdown page (`.md`) has HTML instead (raw: no
 * links in it), autolinks and indented code.
 *
 * It is no set of regular expressions: it keeps the block structure (block quotes, list items,
 * fenced and indented code and math, ESM, elements and expressions across lines, HTML blocks,
 * definitions) and parses paragraphs and headings as micromark does for links (code spans, inline
 * math and inline HTML hide them; escapes; brackets matched and links inside links undone).
 *
 * Safety first: wherever a page holds something this path does not model with certainty (setext
 * underlines, footnote definitions, tabs where indentation counts, a fence or HTML block a
 * container ends, elements or expressions that might not parse, CDATA, a byte order mark, carriage
 * returns), it says `undefined` and the page goes to micromark (scanner.ts). micromark stays the
 * oracle: test/pages/fast-scan.corpus.test.ts and the property tests (test/pages/fast-scan-property.ts,
 * on pages from test/pages/page-grammar.ts) require both to give the same scan of every page this path accepts.
 *
 * This file is the path's door. Its passes and grammars are files of their own, none doing I/O:
 * the block pass (fast-blocks.ts), the inline pass (fast-inline.ts), MDX's tags, expressions and
 * ESM (fast-mdx.ts), a Markdown page's HTML and autolinks (fast-html.ts), what a line's first
 * characters open (fast-markers.ts), and what they all share (fast-text.ts: declining a page,
 * the tree's nodes, whitespace and ASCII tests).
 */
import { fastBlocksModule, PageScanner, type FastScan } from './fast-blocks.js';
import { fastHtmlModule } from './fast-html.js';
import { fastInlineModule } from './fast-inline.js';
import { fastMarkersModule } from './fast-markers.js';
import { fastMdxModule } from './fast-mdx.js';
import { FALLBACK, fastTextModule } from './fast-text.js';

/** The fast path's files (in the bundle, the bundle's, once each): scanner.ts's fingerprint covers them. */
export const fastScanModules: readonly string[] = [
  import.meta.url,
  fastBlocksModule,
  fastInlineModule,
  fastMdxModule,
  fastHtmlModule,
  fastMarkersModule,
  fastTextModule,
];

/**
 * The page's scan, or undefined when it holds anything this path does not model with certainty
 * (the caller then parses it with micromark). `text` is the page with its custom heading ids
 * blanked (heading-ids.ts); `original` the page as written (for `verbatim`). `headingOffsets`:
 * whether a heading node says where it starts (anchors.ts reads it for custom ids only).
 */
export function fastScan(text: string, original: string, mdx: boolean, headingOffsets = true): FastScan | undefined {
  try {
    return new PageScanner(text, original, mdx, headingOffsets).scan();
  } catch (error) {
    if (error === FALLBACK) return undefined;
    throw error;
  }
}
