/**
 * A page body to an mdast tree, with the micromark family the platform's own parser is made of
 * (@mintlify/common's `coreRemark`: remark-mdx, remark-gfm, remark-frontmatter for YAML and TOML,
 * remark-math), minus what cannot change a link or an anchor and costs time:
 * - GFM autolink literals (`https://…`, `www.…` in text): never internal links;
 * - GFM tables and strikethrough: a link or heading in a table cell parses as in a paragraph;
 *   what differs is a `|` inside a link's text in a table (the platform splits the cell there);
 * - GFM task lists.
 * Kept: footnotes (`[^1]: …` is no link definition), math (`$…$` and `$$` blocks hold TeX, whose
 * braces are no MDX expressions), front matter, and MDX with acorn for ESM and expressions, as
 * the platform parses them (a page it cannot build fails here too).
 * The extensions are built on the first parse, not when this module loads.
 */
import { Parser } from 'acorn';
import acornJsx from 'acorn-jsx';
import type { Root } from 'mdast';
import { fromMarkdown, type CompileContext, type Extension as FromMarkdownExtension, type Options } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { mathFromMarkdown } from 'mdast-util-math';
import { mdxExpressionFromMarkdown } from 'mdast-util-mdx-expression';
import { mdxJsxFromMarkdown } from 'mdast-util-mdx-jsx';
import { mdxjsEsmFromMarkdown } from 'mdast-util-mdxjs-esm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { math } from 'micromark-extension-math';
import { mdxExpression } from 'micromark-extension-mdx-expression';
import { mdxJsx } from 'micromark-extension-mdx-jsx';
import { mdxMd } from 'micromark-extension-mdx-md';
import { mdxjsEsm } from 'micromark-extension-mdxjs-esm';
import type { Token } from 'micromark-util-types';
import { parseBudgetOf } from './parse-budget.js';

/** Offsets [start, end) of a link's or definition's destination as written (with its `<…>` when it has them). */
export interface DestinationSpan {
  destinationSpan?: [number, number];
}

const FRONT_MATTER = ['yaml', 'toml'] as const;

/**
 * Where each destination was written, kept on the node: mdast gives a link's whole extent only.
 * The tokens hooked here have no handler of their own in mdast-util-from-markdown.
 */
const destinationSpans: FromMarkdownExtension = {
  exit: {
    resourceDestination(this: CompileContext, token: Token) {
      markDestination(this, token);
    },
    definitionDestination(this: CompileContext, token: Token) {
      markDestination(this, token);
    },
  },
};

function markDestination(context: CompileContext, token: Token): void {
  const node = context.stack[context.stack.length - 1];
  if (node !== undefined) ((node.data ??= {}) as DestinationSpan).destinationSpan = [token.start.offset, token.end.offset];
}

let mdxOptions: Options | undefined;
let markdownOptions: Options | undefined;

/**
 * micromark's acorn works within the page's parse budget (parse-budget.ts). Past it, the parse
 * stops there and the page is refused as unparsable (ParseBudgetExceeded), whatever the rest of
 * the page holds: micromark would re-read the expression at every later `}`, and reading the rest
 * (4 MB of an unclosed expression) cost 13 s and 1.2 GB before it stopped (issue 66).
 */
export { PARSE_BUDGET_BASE, PARSE_BUDGET_PER_CHAR } from './parse-budget.js';

/** The page's MDX expressions ask acorn for more than the parse budget. */
export class ParseBudgetExceeded extends Error {
  /** As a parser's error: the page's start (which expression ran over is not known to the parser's callers). */
  readonly place = { offset: 0 };
  readonly reason: string;
  constructor() {
    const reason =
      'its MDX expressions take more parsing than docsnav spends on a page (an expression that never closes, or braces nested deep, re-read at every `}`)';
    super(reason);
    this.reason = reason;
  }
}

/** What the acorn of the current parse has been handed (parseMarkdown sets it for each page). */
const budget = { left: 0, given: 0, exceeded: false };

/** The characters the last parse handed acorn (for the bench and the tests). */
export function lastParseCost(): number {
  return budget.given - budget.left;
}

/**
 * What acorn hands back once the budget is spent: a value that throws ParseBudgetExceeded as soon
 * as micromark reads or writes any part of it. micromark catches acorn's own errors (an expression
 * that does not parse yet goes on to the next `}`), and has no other way out of a parse; the read
 * of the result is the first step outside that catch, so the parse ends there.
 */
function budgetSpent(): never {
  throw new ParseBudgetExceeded();
}
const SPENT: object = new Proxy(
  {},
  { get: budgetSpent, set: budgetSpent, has: budgetSpent, ownKeys: budgetSpent, getOwnPropertyDescriptor: budgetSpent, getPrototypeOf: budgetSpent },
);

/** acorn, through the budget: past it, the parse stops (SPENT). */
function budgeted(acorn: typeof Parser): typeof Parser {
  const spend = (value: string): boolean => {
    if (value.length > budget.left) {
      budget.exceeded = true;
      return false;
    }
    budget.left -= value.length;
    return true;
  };
  return Object.assign(Object.create(acorn) as typeof Parser, {
    parse: (value: string, options: Parameters<typeof Parser.parse>[1]) => (spend(value) ? acorn.parse(value, options) : SPENT),
    parseExpressionAt: (value: string, pos: number, options: Parameters<typeof Parser.parseExpressionAt>[2]) =>
      spend(value) ? acorn.parseExpressionAt(value, pos, options) : SPENT,
  });
}

function optionsFor(mdx: boolean): Options {
  if (mdx) {
    if (mdxOptions === undefined) {
      const acorn = budgeted(Parser.extend(acornJsx()));
      const acornOptions = { ecmaVersion: 2024, sourceType: 'module' } as const;
      mdxOptions = {
        extensions: [
          mdxjsEsm({ acorn, acornOptions, addResult: false }),
          mdxExpression({ acorn, acornOptions, addResult: false }),
          mdxJsx({ acorn, acornOptions, addResult: false }),
          mdxMd(),
          frontmatter([...FRONT_MATTER]),
          gfmFootnote(),
          math(),
        ],
        mdastExtensions: [
          mdxjsEsmFromMarkdown(),
          mdxExpressionFromMarkdown(),
          mdxJsxFromMarkdown(),
          frontmatterFromMarkdown([...FRONT_MATTER]),
          gfmFootnoteFromMarkdown(),
          mathFromMarkdown(),
          destinationSpans,
        ],
      };
    }
    return mdxOptions;
  }
  markdownOptions ??= {
    extensions: [frontmatter([...FRONT_MATTER]), gfmFootnote(), math()],
    mdastExtensions: [frontmatterFromMarkdown([...FRONT_MATTER]), gfmFootnoteFromMarkdown(), mathFromMarkdown(), destinationSpans],
  };
  return markdownOptions;
}

/** Throws the parser's error (a VFileMessage with a `place`) when the page does not parse. */
export function parseMarkdown(text: string, mdx: boolean): Root {
  budget.given = budget.left = parseBudgetOf(text.length);
  budget.exceeded = false;
  const tree = fromMarkdown(text, optionsFor(mdx));
  if (budget.exceeded) throw new ParseBudgetExceeded();
  return tree;
}

/** Markdown without MDX, for a component's title (`title="**Bold** words"`). */
export function parseInlineMarkdown(text: string): Root {
  return fromMarkdown(text);
}
