/**
 * Hover: the documentation of the rule behind each problem under the cursor, and what an entry
 * became: the page's URL as the platform serves it, its title and file, or the operation an
 * endpoint entry documents; on an `asyncapi` value, the channel pages it made.
 */
import path from 'node:path';
import type { Hover, Position } from 'vscode-languageserver';
import type { Code } from '../codes.js';
import { ruleDocText } from '../report/rule-docs.js';
import type { ResolvedPage } from '../resolve/types.js';
import type { Cursor } from './cursor.js';
import { overlaps, rangeOf } from './diagnostics.js';
import { pageAt, pointerOfPath } from './lookup.js';
import { placeInDocsFile, treeOf, type SiteCheck } from './sites.js';

export function hoverAt(check: SiteCheck, file: string, position: Position, cursor: Cursor | undefined): Hover | null {
  const parts: string[] = [];
  const absolute = path.resolve(file);
  const codes = new Set<Code>();
  for (const problem of check.result.problems) {
    if (path.resolve(problem.file) !== absolute || !overlaps(rangeOf(problem), { start: position, end: position })) continue;
    codes.add(problem.code);
  }
  for (const code of codes) parts.push(ruleDoc(code));
  if (cursor && cursor.at === 'value' && absolute === path.resolve(check.result.file)) {
    const pointer = pointerOfPath(cursor.path);
    // Only an `asyncapi` value is the place of channel pages (resolve/tree.ts: each page's source is its spec's place).
    const channels = channelPagesAt(check, pointer);
    if (channels.length > 0) parts.unshift(describeChannels(channels));
    else {
      const page = pageAt(check, pointer);
      if (page) parts.unshift(describePage(page));
    }
  }
  return parts.length === 0 ? null : { contents: { kind: 'markdown', value: parts.join('\n\n---\n\n') } };
}

/** The channel pages an `asyncapi` value made (the spec it names), in navigation order. */
function channelPagesAt(check: SiteCheck, pointer: string): ResolvedPage[] {
  const tree = treeOf(check);
  return tree ? tree.pages.filter((page) => page.asyncapi && placeInDocsFile(check, page.source) === pointer) : [];
}

/** What an `asyncapi` value made: its channel pages (the first 20), each with its URL and title. */
function describeChannels(pages: readonly ResolvedPage[]): string {
  const lines = [`**${pages.length} channel page${pages.length === 1 ? '' : 's'}** from \`${pages[0].asyncapi!.file}\`:`];
  for (const page of pages.slice(0, 20)) lines.push(`- \`/${page.path}\`: ${page.title} (channel \`${page.asyncapi!.channel}\`)`);
  if (pages.length > 20) lines.push(`- … and ${pages.length - 20} more`);
  return lines.join('\n');
}

/** A page entry's page (a channel page is never one: its place is its `asyncapi` value's, which lists its channels). */
function describePage(page: ResolvedPage): string {
  const lines = [`**\`/${page.path}\`**: ${page.title}${page.hidden ? ' (hidden)' : ''}`];
  if (page.openapi) lines.push(`${page.openapi.method} \`${page.openapi.path}\` in \`${page.openapi.file}\`${page.summary ? `: ${page.summary}` : ''}`);
  else if (page.file) lines.push(`File: \`${page.file}\``);
  if (page.trail.length > 0) lines.push(`In: ${page.trail.map((item) => item.label).join(' › ')}`);
  return lines.join('\n\n');
}

/** The rule's shipped documentation, its title line as a heading with the code. */
function ruleDoc(code: Code): string {
  const text = ruleDocText(code);
  if (text === undefined) return `\`${code}\``;
  return text.replace(/^#\s+/, '#### ').trim();
}
