import pc from 'picocolors';
import type { PageTree, TrailItem } from '../resolve/types.js';

/** The page tree as JSON: deterministic, so the same input gives byte-identical output. */
export function formatTreeJson(tree: PageTree): string {
  return `${JSON.stringify(tree, null, 2)}\n`;
}

/** The page tree for a person: the trail as indentation, one page per line. */
export function formatTreePretty(tree: PageTree, options: { color: boolean }): string {
  const c = pc.createColors(options.color);
  const lines: string[] = [];
  let open: TrailItem[] = [];
  for (const page of tree.pages) {
    let same = 0;
    while (same < open.length && same < page.trail.length && open[same].kind === page.trail[same].kind && open[same].label === page.trail[same].label) same++;
    for (let i = same; i < page.trail.length; i++) {
      lines.push(`${'  '.repeat(i)}${c.dim(page.trail[i].kind)} ${c.bold(page.trail[i].label || '(unnamed)')}`);
    }
    open = page.trail;
    const extra = page.openapi ? c.cyan(`${page.openapi.method} ${page.openapi.path}`) : page.file ? c.dim(page.file) : c.yellow('(no file)');
    const flags = [page.hidden ? 'hidden' : '', page.deprecated ? 'deprecated' : ''].filter(Boolean).map((f) => c.dim(`[${f}]`)).join(' ');
    lines.push(`${'  '.repeat(page.trail.length)}${page.path}  ${c.dim('·')} ${page.title}  ${extra}${flags ? ` ${flags}` : ''}`);
  }
  lines.push('', `${tree.pages.length} pages, ${tree.groups.length} groups`);
  return `${lines.join('\n')}\n`;
}
