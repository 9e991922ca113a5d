/**
 * The JavaScript a page's parse may hand acorn, in characters: PARSE_BUDGET_PER_CHAR per character
 * of the page, plus PARSE_BUDGET_BASE. Both readers of a page keep to it: micromark (markdown.ts,
 * which then refuses the page as unparsable) and the fast path (fast-mdx.ts, which then leaves the
 * page to micromark). An MDX expression is handed to acorn again at each `}` until it parses, as
 * micromark reads it: an expression that never closes, or braces nested deep, would cost the square
 * of the page (issue 66: 64 KB of nested braces took over 120 s in micromark; 128 KB of `}` in an
 * unclosed string, 19 s on the fast path). A real page hands acorn each expression once or a few
 * times: over the 9,334 pages of the corpus' sites and repositories, at most 2.5 times the page's
 * size, and 25,552 characters (test/pages/parse-budget.corpus.test.ts).
 */
export const PARSE_BUDGET_PER_CHAR = 8;
export const PARSE_BUDGET_BASE = 1 << 18;

/** The budget of a page of `length` characters. */
export function parseBudgetOf(length: number): number {
  return PARSE_BUDGET_PER_CHAR * length + PARSE_BUDGET_BASE;
}
