/**
 * The internal-link candidates of a parsed page: Markdown links and images, autolinks, link
 * reference definitions, and the string `href` of any element and `src` of media elements.
 * Each with the offsets of its URL as written, so that a problem points at it and a fix can
 * replace it. Links in code are no links: the parser gives none there.
 */
import type { Root } from 'mdast';
import type { DestinationSpan } from './markdown.js';
import type { PageLink } from './types.js';

/** Elements whose `src` is a link (besides every element's `href`). */
const SOURCE_ELEMENTS = new Set(['img', 'video', 'source', 'audio', 'iframe']);

interface Node {
  type: string;
  url?: string;
  name?: string | null;
  attributes?: { type: string; name?: string; value?: unknown; position?: { start: { offset?: number }; end: { offset?: number } } }[];
  children?: Node[];
  data?: DestinationSpan;
  position?: { start: { offset?: number }; end: { offset?: number } };
}

export function collectLinks(tree: Root, text: string): PageLink[] {
  const links: PageLink[] = [];
  const visit = (node: Node) => {
    if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && typeof node.url === 'string') {
      const span = destinationSpan(node, text);
      if (span !== undefined) links.push(link(node.type, node.url, span, text));
    } else if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name) {
      const name = node.name;
      for (const attribute of node.attributes ?? []) {
        if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.value !== 'string') continue;
        if (attribute.name !== 'href' && !(attribute.name === 'src' && SOURCE_ELEMENTS.has(name))) continue;
        const span = attributeValueSpan(attribute, text);
        if (span !== undefined) links.push({ ...link('element', attribute.value, span, text), element: name, attribute: attribute.name });
      }
    }
    if (node.children !== undefined) for (const child of node.children) visit(child);
  };
  visit(tree as unknown as Node);
  return links.sort((a, b) => a.span[0] - b.span[0]);
}

function link(kind: PageLink['kind'], url: string, span: [number, number], text: string): PageLink {
  return { url, kind, span, verbatim: text.slice(span[0], span[1]) === url };
}

/**
 * Where the destination was written: recorded while parsing (`(dest)`, `[id]: dest`); an autolink
 * (`<https://…>`) is its whole node but the brackets; `[a]()` is the empty place inside `()`.
 */
function destinationSpan(node: Node, text: string): [number, number] | undefined {
  const recorded = node.data?.destinationSpan;
  if (recorded !== undefined) return recorded;
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return undefined;
  if (node.type === 'link' && text[start] === '<' && text[end - 1] === '>') return [start + 1, end - 1];
  if (node.type === 'link' || node.type === 'image') {
    const open = end >= 2 && text[end - 1] === ')' ? text.lastIndexOf('(', end - 1) : -1;
    if (open !== -1 && text.slice(open + 1, end - 1).trim() === '') return [open + 1, open + 1];
  }
  // A reference-style use resolves to its definition, which is the link.
  return undefined;
}

/** The value of `name="value"` (or `'value'`): inside the quotes after the `=`. */
function attributeValueSpan(attribute: NonNullable<Node['attributes']>[number], text: string): [number, number] | undefined {
  const start = attribute.position?.start.offset;
  const end = attribute.position?.end.offset;
  if (start === undefined || end === undefined) return undefined;
  const equals = text.indexOf('=', start);
  if (equals === -1 || equals >= end) return undefined;
  let quote = equals + 1;
  while (quote < end && text[quote] !== '"' && text[quote] !== "'") quote++;
  if (quote >= end - 1 || text[end - 1] !== text[quote]) return undefined;
  return [quote + 1, end - 1];
}
