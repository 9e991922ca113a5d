/** What a page scan gives (src/pages/scan.ts), apart so that the scanner's modules can name it. */
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
