/**
 * acorn with JSX, made on first use: the page scanner parses a page's ESM blocks and expression
 * attributes with it (src/pages/fast-scan.ts, imports.ts). In the bundles it is a file of its own,
 * dist/cli/acorn.js (scripts/bundle.mjs), read only by a run whose pages have either.
 */
import { Parser } from 'acorn';
import acornJsx from 'acorn-jsx';

let parser: typeof Parser | undefined;

export function jsxParser(): typeof Parser {
  return (parser ??= Parser.extend(acornJsx()));
}
