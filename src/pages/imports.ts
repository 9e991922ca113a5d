/**
 * What the platform's build sees at the top of a page when it parses it as MDX: the front matter
 * MDX reads (micromark-extension-frontmatter's fences: `---` and optional spaces or tabs) and
 * whether the page imports anything (an ESM block holding an `import` declaration, as
 * @mintlify/common's findAndRemoveImports finds them). Learned from @mintlify/prebuild 1.0.1341 (no
 * code copied): a page that imports something is titled from the page as MDX parsed it, any other
 * from its text by the front-matter package (front-matter.ts says when the two differ).
 */
import { jsxParser } from './acorn.js';
import { blankCustomHeadingIds } from './heading-ids.js';
import { parseMarkdown } from './markdown.js';

interface MdxPageHead {
  /** The front matter block's text as MDX reads it (between its fences), when it has one. */
  yaml?: string;
  /** The page imports something. */
  imports: boolean;
}

/** What the walk reads of an mdast node. */
interface Node {
  type: string;
  value?: unknown;
  children?: Node[];
}

/** The page's front matter and imports as MDX parses it; undefined when it does not parse (the platform's build fails on it). */
export function mdxPageHead(text: string): MdxPageHead | undefined {
  let tree;
  try {
    // `## Title {#id}` is rewritten before the platform parses a page: blanked here, as the scanner does.
    tree = parseMarkdown(blankCustomHeadingIds(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).text, true);
  } catch {
    return undefined;
  }
  const first = tree.children[0];
  const head: MdxPageHead = { imports: false };
  if (first?.type === 'yaml') head.yaml = first.value;
  const visit = (node: Node): void => {
    if (head.imports) return;
    if (node.type === 'mdxjsEsm' && typeof node.value === 'string' && importsIn(node.value)) head.imports = true;
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  return head;
}

/** An ESM block holds an `import` declaration (it parsed once already, as the page did). */
function importsIn(esm: string): boolean {
  try {
    const program = jsxParser().parse(esm, { ecmaVersion: 2024, sourceType: 'module' });
    return program.body.some((statement) => statement.type === 'ImportDeclaration');
  } catch {
    return false;
  }
}
