import pc from 'picocolors';
import type { PageTree, TrailItem } from '../resolve/types.js';
import { plural, visible } from '../text.js';

/** The page tree as JSON: deterministic, so the same input gives byte-identical output. */
export function formatTreeJson(tree: PageTree): string {
  return [...treeJsonChunks(tree)].join('');
}

/**
 * The same JSON text as `formatTreeJson`, in pieces (one per page and group), so that a tree
 * of any size can be written without ever being one string (JavaScript strings stop at ~512 MB).
 */
export function* treeJsonChunks(tree: PageTree): Generator<string> {
  yield `{\n  "version": ${JSON.stringify(tree.version)},`;
  yield* arrayChunks('pages', tree.pages, ',');
  yield* arrayChunks('groups', tree.groups, ',');
  // `nav` holds every page by reference: written a top-level child at a time, like the arrays.
  const { children, ...node } = tree.nav;
  const head = JSON.stringify(node, null, 2).split('\n').join('\n  ');
  yield `\n  "nav": ${head.slice(0, head.lastIndexOf('\n'))},`;
  yield* arrayChunks('children', children, '', '  ');
  yield '\n  },';
  yield* arrayChunks('global', tree.global, '');
  yield '\n}\n';
}

/** About this many characters of JSON per chunk of a tree array, written at once. */
const CHUNK_CHARS = 256 * 1024;

function* arrayChunks(name: string, items: readonly unknown[], after: string, indent = ''): Generator<string> {
  if (items.length === 0) {
    yield `\n  ${indent}"${name}": []${after}`;
    return;
  }
  yield `\n  ${indent}"${name}": [`;
  // Inside the tree an item sits four spaces in: each item's own JSON, its lines moved there.
  // Items are stringified one at a time (one page with a huge label is one big string, never
  // a slice of them) and gathered into chunks of about CHUNK_CHARS, so writes stay few.
  const deeper = `\n  ${indent}  `;
  let parts: string[] = [];
  let size = 0;
  for (let i = 0; i < items.length; i++) {
    const json = `${i > 0 ? ',' : ''}${deeper}${JSON.stringify(items[i], null, 2).replaceAll('\n', deeper)}`;
    parts.push(json);
    size += json.length;
    if (size >= CHUNK_CHARS) {
      yield parts.join('');
      parts = [];
      size = 0;
    }
  }
  if (parts.length > 0) yield parts.join('');
  yield `\n  ${indent}]${after}`;
}

/** The page tree for a person: the trail as indentation, one page per line; text from the input is made safe to print. */
export function formatTreePretty(tree: PageTree, options: { color: boolean }): string {
  const c = pc.createColors(options.color);
  const lines: string[] = [];
  let open: TrailItem[] = [];
  for (const page of tree.pages) {
    let same = 0;
    while (same < open.length && same < page.trail.length && open[same].kind === page.trail[same].kind && open[same].label === page.trail[same].label) same++;
    for (let i = same; i < page.trail.length; i++) {
      lines.push(`${'  '.repeat(i)}${c.dim(page.trail[i].kind)} ${c.bold(visible(page.trail[i].label) || '(unnamed)')}`);
    }
    open = page.trail;
    const extra = page.openapi
      ? c.cyan(visible(`${page.openapi.method} ${page.openapi.path}`))
      : page.asyncapi
        ? c.cyan(visible(`channel ${page.asyncapi.channel}`))
        : page.file
          ? c.dim(visible(page.file))
          : c.yellow('(no file)');
    const flags = [page.hidden ? 'hidden' : '', page.deprecated ? 'deprecated' : '']
      .filter(Boolean)
      .map((f) => c.dim(`[${f}]`))
      .join(' ');
    lines.push(
      `${'  '.repeat(page.trail.length)}${visible(page.path)}  ${c.dim('·')} ${page.title === null ? c.dim('(no title)') : visible(page.title)}  ${extra}${flags ? ` ${flags}` : ''}`,
    );
  }
  lines.push('', `${plural(tree.pages.length, 'page')}, ${plural(tree.groups.length, 'group')}`);
  return `${lines.join('\n')}\n`;
}
