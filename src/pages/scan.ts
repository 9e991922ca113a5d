/**
 * One page body (`.md`/`.mdx`) read for what links checks need: its internal-link candidates and
 * the fragment ids it produces. The parser (the micromark family, bundled into a file of its own)
 * is loaded on the first scan, so that a run which scans no page does not pay for it.
 */
import { loadScanner } from './load.js';

export interface PageLink {
  /** The URL as the page means it (the link destination / attribute value as the parser gives it, entities and escapes decoded). */
  url: string;
  /** What wrote it: a Markdown link, a Markdown image, a reference definition (`[id]: /url`), or an element's prop. */
  kind: 'link' | 'image' | 'definition' | 'element';
  /** kind 'element': the element's name (`Card`, `a`, `img`, …) and the attribute (`href`, `src`). */
  element?: string;
  attribute?: string;
  /** Offsets [start, end) in the page text of the URL as written in the source (for exact locations). */
  span: [number, number];
  /** True when the source characters in `span` are exactly `url` (no escapes, entities, angle brackets): a fix may replace them. */
  verbatim: boolean;
}

export interface PageScan {
  links: PageLink[];
  /** The fragment ids the page produces for `#fragment` links, as the platform makes them. */
  anchors: ReadonlySet<string>;
  /** The page did not parse: the parser's message and the offset it points at (links found before it are still returned when possible, else none). */
  error?: { message: string; offset: number };
}

/**
 * Reads one page. `mdx` (default true) parses it as MDX, as the platform parses every page,
 * `.md` ones included; `mdx: false` is plain Markdown (CommonMark, GFM footnotes, math, front matter).
 * Offsets are UTF-16 offsets into `text`; front matter is skipped. Never throws.
 */
export function scanPage(text: string, options?: { mdx?: boolean }): PageScan {
  return loadScanner().scanPageText(text, options?.mdx ?? true);
}
