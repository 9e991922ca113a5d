/**
 * The fragment ids a page produces, as the platform makes them. Learned from @mintlify/common
 * (`remarkParseTitleMarkdown`, `remarkComponentIds`, `remarkExtractTableOfContents`) and from what
 * @mintlify/link-rot's broken-links command counts as an anchor (the table of contents' slugs,
 * cleaned, and the `id` of every element that passes it to the DOM, ParamField ids); no code
 * copied. The three passes run on the parsed tree in the platform's order, each rewriting ids as
 * the platform does, because a later pass reads what an earlier one wrote (a heading's id from the
 * first pass is the table of contents' explicit id; the table of contents' de-duplicated slug is
 * the element's final id).
 */
import type { Root } from 'mdast';
import type { CustomHeadingId } from './heading-ids.js';
import { parseInlineMarkdown } from './markdown.js';
import { cleanHeadingId, componentId, headingSlug, headingSlugger, MODES_WITHOUT_HEADING_IDS, paramFieldId, tableOfContentsDeduplicator } from './slug.js';

/** An mdast node as the passes see it: they turn headings into elements and rewrite attributes, as the platform does. */
interface Node {
  type: string;
  name?: string | null;
  attributes?: Attribute[];
  children?: Node[];
  value?: unknown;
  depth?: number;
  url?: string;
  position?: { start: { offset?: number }; end?: { offset?: number } };
}

interface Attribute {
  type: string;
  name?: string;
  value?: unknown;
}

/** Elements that do not pass an `id` to the DOM (@mintlify/common's COMPONENTS_WITHOUT_ID). */
const COMPONENTS_WITHOUT_ID = new Set([
  'Info',
  'Warning',
  'Note',
  'Tip',
  'Check',
  'Danger',
  'Callout',
  'AccordionGroup',
  'Card',
  'CardGroup',
  'Tabs',
  'CodeGroup',
  'Column',
  'Columns',
  'CustomCode',
  'CustomComponent',
  'DynamicCustomComponent',
  'Expandable',
  'Frame',
  'GitHub',
  'Github',
  'Icon',
  'Latex',
  'Mermaid',
  'Panel',
  'Popup',
  'Prompt',
  'RequestExample',
  'ResponseExample',
  'SnippetGroup',
  'Steps',
  'Tile',
  'Tooltip',
  'Tree',
  'FileTree',
  'Variation',
  'Visibility',
  'MDX',
  'Badge',
  'Color',
  'ZoomImage',
]);
/** Elements whose `id` is cleaned (percent escapes decoded, punctuation and emoji removed) when rendered. */
const COMPONENTS_WITH_CLEANED_ID = new Set(['Heading', 'Step', 'Update']);
/** Elements whose title is Markdown: their ids come from its text. */
const TITLE_COMPONENTS = new Set(['Accordion', 'Card', 'Color.Row', 'Step', 'Tab', 'Tile']);
/** Headings inside these are left out of the table of contents (they keep their own ids). */
const COMPONENTS_WITHOUT_TOC_HEADINGS = new Set(['Accordion', 'AccordionGroup', 'Expandable', 'Update', 'Prompt']);
const PARAM_FIELDS = new Set(['ParamField', 'Param', 'ResponseField']);
const PARAM_FIELD_NAME_ATTRIBUTES = new Set(['query', 'path', 'body', 'header', 'name']);
const HEADING_ELEMENTS = new Set(['h1', 'h2', 'h3', 'h4']);

export interface AnchorOptions {
  /** `## Title {#id}` headings, by the offset of their line (see heading-ids.ts). */
  customIds: ReadonlyMap<number, CustomHeadingId>;
  /** The page text, to find a heading's line. */
  text: string;
  /** The front matter's `mode`. */
  mode?: string;
}

export function collectAnchors(tree: Root, options: AnchorOptions): Set<string> {
  const root = tree as unknown as Node;
  const withoutHeadingIds = options.mode !== undefined && MODES_WITHOUT_HEADING_IDS.has(options.mode);
  if (options.customIds.size > 0) customHeadingsAsElements(root, options);
  const titles = titleTexts(root);
  componentIdsPass(root, titles, withoutHeadingIds);
  const tableOfContents = tableOfContentsPass(root, titles, withoutHeadingIds);
  const anchors = new Set<string>();
  for (const slug of tableOfContents) anchors.add(cleanHeadingId(slug));
  for (const id of elementIds(root)) anchors.add(id);
  return anchors;
}

/** Pre-order, as unist-util-visit walks: a node, then its children. */
function walk(node: Node, enter: (node: Node, parent: Node | undefined) => void, parent?: Node): void {
  enter(node, parent);
  if (node.children !== undefined) for (const child of node.children) walk(child, enter, node);
}

function isFlowElement(node: Node): boolean {
  return node.type === 'mdxJsxFlowElement';
}

function attribute(node: Node, name: string): Attribute | undefined {
  return node.attributes?.find((candidate) => candidate.name === name);
}

function stringAttribute(node: Node, name: string): string | undefined {
  const value = attribute(node, name)?.value;
  return typeof value === 'string' ? value : undefined;
}

function idAttribute(value: string | number): Attribute {
  return { type: 'mdxJsxAttribute', name: 'id', value };
}

/** A `## Title {#id}` heading is what the platform makes of it: `<h2 id="id">`. */
function customHeadingsAsElements(root: Node, options: AnchorOptions): void {
  walk(root, (node) => {
    if (node.type !== 'heading') return;
    const offset = node.position?.start.offset;
    if (offset === undefined) return;
    const custom = options.customIds.get(options.text.lastIndexOf('\n', offset - 1) + 1);
    if (custom === undefined || custom.level !== node.depth) return;
    node.type = 'mdxJsxFlowElement';
    node.name = `h${custom.level}`;
    node.attributes = [idAttribute(custom.id)];
    delete node.depth;
  });
}

/** The text of each title written as Markdown (`title="Use **this**"` reads "Use this"). */
function titleTexts(root: Node): Map<Node, string> {
  const titles = new Map<Node, string>();
  walk(root, (node) => {
    if ((node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') || !node.name || !TITLE_COMPONENTS.has(node.name)) return;
    const title = attribute(node, 'title');
    if (title === undefined) return;
    const value = typeof title.value === 'string' ? title.value : stringLiteral(title.value);
    if (value !== undefined) titles.set(node, titleMarkdownText(value));
  });
  return titles;
}

/** The string of an attribute written `{"…"}` or `{'…'}` (an expression that is one string literal). */
function stringLiteral(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('value' in value) || typeof value.value !== 'string') return undefined;
  const source = value.value.trim();
  const quote = source[0];
  if ((quote !== '"' && quote !== "'") || source.at(-1) !== quote || source.length < 2) return undefined;
  const body = source.slice(1, -1);
  if (body.includes('\\') || body.includes(quote)) return undefined;
  return body;
}

const MARKDOWN_IN_TITLE = /[*_`[\\&<~]/;
const SUPPORTED_TITLE_LINK = /^(?:https?:\/\/|mailto:|tel:|\/|#|\.\.?\/)/i;

/**
 * A title's text as the platform reads it: parsed as one line of Markdown, text and code kept,
 * emphasis and supported links unwrapped, anything else kept as written.
 */
function titleMarkdownText(value: string): string {
  if (!MARKDOWN_IN_TITLE.test(value)) return value;
  const prefix = 'title: ';
  const source = `${prefix}${value.replace(/\n/g, ' ')}`;
  let tree: Node;
  try {
    tree = parseInlineMarkdown(source);
  } catch {
    return value;
  }
  const paragraph = tree.children?.length === 1 ? tree.children[0] : undefined;
  if (paragraph?.type !== 'paragraph' || paragraph.children === undefined) return value;
  const text = inlineText(paragraph.children, source);
  return text.startsWith(prefix) ? text.slice(prefix.length) : value;
}

function inlineText(nodes: Node[], source: string): string {
  let text = '';
  for (const node of nodes) {
    if (node.type === 'text' && typeof node.value === 'string') text += node.value.replace(/\n/g, ' ');
    else if (node.type === 'inlineCode' && typeof node.value === 'string') text += node.value;
    else if ((node.type === 'strong' || node.type === 'emphasis' || node.type === 'delete') && node.children !== undefined)
      text += inlineText(node.children, source);
    else if (node.type === 'link' && node.children !== undefined && isSupportedTitleLink(node, source)) text += inlineText(node.children, source);
    else text += sourceOf(node, source);
  }
  return text;
}

function isSupportedTitleLink(node: Node, source: string): boolean {
  const url = node.url?.trim() ?? '';
  return sourceOf(node, source).startsWith('[') && url.length > 0 && (SUPPORTED_TITLE_LINK.test(url) || url.includes('/') || /^[^\s@]+\.[^\s]+$/u.test(url));
}

function sourceOf(node: Node, source: string): string {
  const start = node.position?.start.offset;
  const end = node.position?.end?.offset;
  return start !== undefined && end !== undefined ? source.slice(start, end) : '';
}

/**
 * A heading's title: the text and code under it, in order. A text right after a flow element
 * counts only when that element's value does not start with `<small` (the platform's rule).
 */
function headingTitle(node: Node, previous?: Node): string {
  if (node.type === 'mdxJsxFlowElement' && node.name === 'Update') return stringAttribute(node, 'label') ?? '';
  if (node.type === 'inlineCode' && typeof node.value === 'string') return node.value;
  if (node.type === 'text' && typeof node.value === 'string') {
    const afterElement = previous?.type === 'mdxJsxFlowElement';
    const previousValue = previous?.value;
    const afterSmall = previous !== undefined && typeof previousValue === 'string' && !previousValue.startsWith('<small');
    if (!afterElement || afterSmall) return node.value;
  }
  if (node.children === undefined) return '';
  let title = '';
  node.children.forEach((child, index, children) => {
    title += headingTitle(child, children[index - 1]);
  });
  return title;
}

/**
 * The first pass: Markdown headings (levels 1 to 4) become `Heading` elements with a slug id
 * (one counter for the page); tabs, accordions and views get an id from their title.
 */
function componentIdsPass(root: Node, titles: Map<Node, string>, withoutHeadingIds: boolean): void {
  const headingCounter = headingSlugger();
  if (!withoutHeadingIds) {
    walk(root, (node) => {
      if (node.type !== 'heading' || node.depth === undefined || node.depth < 1 || node.depth > 4) return;
      const id = headingSlug(headingTitle(node), headingCounter);
      // The platform writes a `level` attribute too; no pass reads it, so it is left out (a page of
      // 100,000 headings held as many, issue 66).
      node.attributes = [idAttribute(id)];
      node.type = 'mdxJsxFlowElement';
      node.name = 'Heading';
    });
  }
  tabIds(root, titles);
  titleIds(root, 'Accordion', (node, title) => titles.get(node) ?? title);
  titleIds(root, 'View', (_node, title) => title);
}

function tabIds(root: Node, titles: Map<Node, string>): void {
  const tabs: Node[] = [];
  walk(root, (node) => {
    if (isFlowElement(node) && node.name === 'Tab') tabs.push(node);
  });
  if (tabs.length === 0) return;
  // Ids written on a tab are taken first: a title's slug steps past them.
  const used = new Set<string>();
  for (const tab of tabs) {
    const id = attribute(tab, 'id')?.value;
    if (typeof id === 'string' && id) used.add(id);
  }
  const counter = headingSlugger();
  for (const tab of tabs) {
    const id = attribute(tab, 'id')?.value;
    if (typeof id === 'string' && id) continue;
    const title = attribute(tab, 'title')?.value;
    if (typeof title !== 'string' || !title) continue;
    const text = titles.get(tab) ?? title;
    let slug = headingSlug(text, counter);
    while (used.has(slug)) slug = headingSlug(text, counter);
    used.add(slug);
    if (attribute(tab, 'id') === undefined) tab.attributes = [...(tab.attributes ?? []), idAttribute(slug)];
  }
}

/** Accordions and views without an id: the slug of their title, the n-th repeat of a slug with `-n`. */
function titleIds(root: Node, name: string, titleText: (node: Node, title: string) => string): void {
  const counts = new Map<string, number>();
  walk(root, (node) => {
    if (!isFlowElement(node) || node.name !== name) return;
    const title = attribute(node, 'title')?.value;
    if (typeof title !== 'string' || !title || attribute(node, 'id') !== undefined) return;
    const text = titleText(node, title);
    const base = componentId(text, 0);
    const count = counts.get(base) ?? 0;
    counts.set(base, count + 1);
    node.attributes = [...(node.attributes ?? []), idAttribute(componentId(text, count))];
  });
}

/** Whether a `<Visibility>` hides its content from readers (`for="agents"`, a missing or unknown `for`). */
function hiddenFromHumans(node: Node): boolean {
  let invalid = false;
  let dynamic = false;
  for (const candidate of node.attributes ?? []) {
    if (candidate.type !== 'mdxJsxAttribute' || candidate.name !== 'for') continue;
    const audience = typeof candidate.value === 'string' ? candidate.value : quotedExpression(candidate.value);
    if (audience === 'humans' || audience === 'agents') return audience === 'agents';
    if (audience === undefined) dynamic = true;
    else invalid = true;
  }
  return invalid || !dynamic;
}

/** The text of an expression that is a quoted string without interpolation, else undefined. */
function quotedExpression(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('value' in value) || typeof value.value !== 'string') return undefined;
  const match = /^(["'`])((?:\\.|(?!\1)[^\\])*)\1$/.exec(value.value.trim());
  if (match === null || (match[1] === '`' && match[2].includes('${'))) return undefined;
  return match[2];
}

/**
 * The second pass, the table of contents: headings (`Heading`, `h1`–`h4`), updates with a label and
 * steps shown as headings, outside accordions and the like, each a slug de-duplicated against all
 * before it (explicit ids included); the element's id becomes that slug.
 */
function tableOfContentsPass(root: Node, titles: Map<Node, string>, withoutHeadingIds: boolean): string[] {
  const { excluded, inheritedStepTitleSize } = tableOfContentsContext(root);
  const deduplicate = tableOfContentsDeduplicator();

  const slugs: string[] = [];
  walk(root, (node) => {
    if (excluded.has(node) || !isFlowElement(node)) return;
    const name = node.name ?? '';
    const isMdxHeading = HEADING_ELEMENTS.has(name);
    const isStep = name === 'Step';
    const stepTitleSize = isStep ? (stringAttribute(node, 'titleSize') ?? inheritedStepTitleSize.get(node)) : undefined;
    const stepTitle = isStep ? (titles.get(node) ?? stringAttribute(node, 'title') ?? '') : undefined;
    const noAnchor = node.attributes?.some(
      (candidate) =>
        candidate.name === 'noAnchor' &&
        (candidate.value === null ||
          candidate.value === undefined ||
          candidate.value === 'true' ||
          (typeof candidate.value === 'object' && (candidate.value as { value?: unknown }).value === 'true')),
    );
    const isShownStep = isStep && !noAnchor && (stepTitleSize === 'h2' || stepTitleSize === 'h3') && stepTitle?.trim() !== '';
    const isUpdate = name === 'Update' && attribute(node, 'label') !== undefined;
    if (!isMdxHeading && name !== 'Heading' && !isUpdate && !isShownStep) return;
    if (withoutHeadingIds && isMdxHeading) return;

    const hasId = attribute(node, 'id') !== undefined;
    const level = isUpdate ? 1 : isStep ? undefined : node.depth !== undefined ? node.depth : isMdxHeading ? Number(name[1]) : undefined;
    // The title only when an id does not give the slug (a heading's, from the first pass, does).
    const titleSlug = () => headingSlug(stepTitle ?? headingTitle(node));
    const explicitId = name === 'Heading' || isStep || isUpdate || hasId ? stringAttribute(node, 'id') : undefined;
    const slug = deduplicate((explicitId && cleanHeadingId(explicitId)) || titleSlug());
    const attributes = node.attributes ?? [];
    const withSlugAsId = () => attributes.map((candidate) => (candidate.name === 'id' ? idAttribute(slug) : candidate));
    if (isUpdate || isStep) {
      const existing = stringAttribute(node, 'id');
      node.attributes = !existing ? [...attributes, idAttribute(slug)] : existing !== slug ? withSlugAsId() : attributes;
    } else if (name === 'Heading') {
      node.attributes = explicitId && slug !== explicitId ? withSlugAsId() : attributes;
    } else if (level !== undefined) {
      // As the first pass, without the `level` attribute the platform adds.
      node.attributes = hasId ? (explicitId && slug !== explicitId ? withSlugAsId() : attributes) : [idAttribute(slug), ...attributes];
    }
    node.name = isUpdate ? 'Update' : isStep ? 'Step' : 'Heading';
    slugs.push(slug);
  });
  return slugs;
}

/** What the table of contents leaves out (inside accordions, hidden from readers), and the title size each step has from its `<Steps>`. */
function tableOfContentsContext(root: Node): { excluded: Set<Node>; inheritedStepTitleSize: Map<Node, string> } {
  const excluded = new Set<Node>();
  const inheritedStepTitleSize = new Map<Node, string>();
  const excludeBelow = (node: Node) =>
    walk(node, (child) => {
      if (child !== node) excluded.add(child);
    });
  walk(root, (node) => {
    if (isFlowElement(node) && node.name && COMPONENTS_WITHOUT_TOC_HEADINGS.has(node.name)) excludeBelow(node);
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'Visibility' && hiddenFromHumans(node)) excludeBelow(node);
    if (isFlowElement(node) && node.name === 'Steps') {
      const size = stringAttribute(node, 'titleSize');
      if (size) inheritStepTitleSize(node.children ?? [], size, inheritedStepTitleSize);
    }
  });
  return { excluded, inheritedStepTitleSize };
}

/** `<Steps titleSize>` passes its size to its own steps (through fragments), not to a nested `<Steps>`'s. */
function inheritStepTitleSize(children: Node[], size: string, inherited: Map<Node, string>): void {
  for (const child of children) {
    if (!isFlowElement(child)) continue;
    if (child.name === 'Step') inherited.set(child, size);
    else if (!child.name) inheritStepTitleSize(child.children ?? [], size, inherited);
  }
}

/**
 * The last pass: the `id` of each element that renders one, and the ids of parameter fields.
 * Inline elements count too (`<div id="x">…</div> text` on one line is parsed inline, and the page
 * still has the id): the platform's own link checker looks at block elements only, and so
 * reported every link into TypeDoc-style schema pages as broken.
 */
function elementIds(root: Node): string[] {
  const ids: string[] = [];
  const paramCounts = new Map<string, number>();
  walk(root, (node) => {
    const inline = node.type === 'mdxJsxTextElement';
    if (!isFlowElement(node) && !inline) return;
    const name = node.name ?? '';
    if (PARAM_FIELDS.has(name) && !inline) {
      const field = node.attributes?.find((candidate) => candidate.name !== undefined && PARAM_FIELD_NAME_ATTRIBUTES.has(candidate.name));
      if (typeof field?.value === 'string' && field.value) {
        const count = paramCounts.get(field.value) ?? 0;
        paramCounts.set(field.value, count + 1);
        ids.push(paramFieldId(field.value, count));
      }
      return;
    }
    if (COMPONENTS_WITHOUT_ID.has(name)) return;
    const id = attribute(node, 'id')?.value;
    if (typeof id === 'string' && id) ids.push(COMPONENTS_WITH_CLEANED_ID.has(name) ? cleanHeadingId(id) : id);
  });
  return ids;
}
