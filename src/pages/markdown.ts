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

function optionsFor(mdx: boolean): Options {
  if (mdx) {
    if (mdxOptions === undefined) {
      const acorn = Parser.extend(acornJsx());
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
  return fromMarkdown(text, optionsFor(mdx));
}

/** Markdown without MDX, for a component's title (`title="**Bold** words"`). */
export function parseInlineMarkdown(text: string): Root {
  return fromMarkdown(text);
}
