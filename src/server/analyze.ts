/**
 * What a deployment learns from a checkout: the library's problems and page tree, and the page
 * texts. Runs in a worker thread (see analyze-worker.ts) so that a hostile docs.json costs the
 * thread, not the server: its memory is capped and it is terminated at the time limit.
 */
import path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { parse as parseYaml } from 'yaml';
import { resolveFile } from '../resolve/resolve.js';
import type { Problem } from '../problem.js';
import type { PageTree, ResolvedPage } from '../resolve/types.js';
import { mergeConfigOptions } from '../config/load.js';
import { diskReader, textOf, type FileReader } from '../files.js';
import { endpointSections } from './endpoint-text.js';
import { pageText } from './page-text.js';
import { projectConfig } from './project-config.js';
import type { PageSection } from './store/deployments.js';

export interface AnalyzeInput {
  /** The docs root inside the checkout (absolute). */
  docsRoot: string;
  /** The docs.json (or docs.yaml) inside it (absolute). */
  docsFile: string;
  /** The top of the checkout: the project's config file is looked for up to here. */
  checkoutRoot: string;
}

export interface AnalyzeOutput {
  tree: PageTree;
  problems: Problem[];
  sections: PageSection[];
}

/** Largest page or spec file read for texts. */
const MAX_TEXT_FILE = 5 * 1024 * 1024;

export async function analyzeCheckout(input: AnalyzeInput): Promise<AnalyzeOutput> {
  const config = projectConfig(input.docsFile, input.checkoutRoot);
  const result = await resolveFile(input.docsFile, mergeConfigOptions(config.options, { root: input.docsRoot, allowRemote: false }));
  // Paths in problems are relative to the docs root: no machine paths in what is stored.
  const problems = [...config.problems, ...result.problems].map((problem) => ({ ...problem, file: relativeTo(input.docsRoot, problem.file) }));
  const sections: PageSection[] = [];
  if (!problems.some((problem) => problem.severity === 'error')) {
    // The library's reader: regular files whose real path is inside the docs root, up to the size cap.
    const read = diskReader(input.docsRoot, MAX_TEXT_FILE);
    const textAt = (relative: string) => textInside(read, input.docsRoot, relative);
    const specs = new Map<string, unknown>();
    const searchable = searchablePages(result.sources[input.docsFile], input.docsFile);
    // Group roots come with their text: it was read to find out whether the file is there.
    const pages: Array<{ page: ResolvedPage; source?: string }> = [...result.tree.pages.map((page) => ({ page })), ...groupRootPages(result.tree, textAt)];
    for (const { page, source: known } of pages) {
      const base = {
        pagePath: page.path,
        pageKind: page.kind,
        pageTitle: page.title,
        // Hidden from search too, unless a hidden group or tab above it is `searchable`.
        hidden: page.hidden && !searchable.has(page.path),
        trail: page.trail,
      };
      if (page.kind === 'endpoint' && page.openapi) {
        const spec = readSpec(textAt, page.openapi.file, specs);
        const { description, sections: parts } = endpointSections(spec, page.openapi.method, page.openapi.path);
        for (const part of parts) sections.push({ ...base, pageDescription: page.description ?? description, ...part });
      } else {
        const source = known ?? (page.file ? textAt(page.file) : undefined);
        const text = source !== undefined ? pageText(source) : { sections: [] };
        const pageTitle = text.title || page.title;
        const pageDescription = text.description ?? '';
        if (text.sections.length === 0) sections.push({ ...base, pageTitle, pageDescription, heading: null, anchor: null, depth: 0, body: '' });
        for (const part of text.sections) sections.push({ ...base, pageTitle, pageDescription, ...part });
      }
    }
  }
  return { tree: result.tree, problems, sections };
}

/**
 * Group `root` pages that no `pages` list names: the site serves them (the group title opens
 * them), so their text is searchable too.
 */
function groupRootPages(tree: PageTree, textAt: (relative: string) => string | undefined): Array<{ page: ResolvedPage; source: string }> {
  const listed = new Set(tree.pages.map((page) => page.path));
  const extra: Array<{ page: ResolvedPage; source: string }> = [];
  for (const group of tree.groups) {
    if (!group.root || listed.has(group.root) || /^[a-z][a-z0-9+.-]*:/i.test(group.root)) continue;
    listed.add(group.root);
    for (const file of [`${group.root}.mdx`, `${group.root}.md`]) {
      const source = textAt(file);
      if (source === undefined) continue;
      const page: ResolvedPage = {
        path: group.root,
        kind: 'page',
        title: group.label,
        trail: [...group.trail, { kind: 'group', label: group.label }],
        hidden: group.hidden,
        file,
        source: group.source,
        id: `${group.id}#root`,
      };
      extra.push({ page, source });
      break;
    }
  }
  return extra;
}

function relativeTo(root: string, file: string): string {
  if (!path.isAbsolute(file)) return file.split(path.sep).join('/');
  const relative = path.relative(root, file);
  return relative.startsWith('..') ? path.basename(file) : relative.split(path.sep).join('/');
}

/** A root-relative file's text, only if the reader gives it (a regular file inside the root, not too big). */
function textInside(read: FileReader, root: string, relative: string): string | undefined {
  const outcome = read(path.resolve(root, relative));
  return outcome.ok ? textOf(outcome.bytes) : undefined;
}

/**
 * The pages listed (or used as a group root) under a navigation element with `searchable: true`:
 * a hidden group's or tab's pages that stay in search. An explicit stack, no recursion.
 */
function searchablePages(text: string | undefined, file: string): Set<string> {
  const found = new Set<string>();
  if (text === undefined) return found;
  let document: unknown;
  try {
    document = /\.ya?ml$/i.test(file) ? parseYaml(text, { maxAliasCount: 100, prettyErrors: false }) : parseJsonc(text);
  } catch {
    return found;
  }
  const navigation = (document as { navigation?: unknown } | null)?.navigation;
  const stack: Array<{ value: unknown; inside: boolean }> = [{ value: navigation, inside: false }];
  const tidy = (page: string) =>
    page
      .trim()
      .replace(/^\/+/, '')
      .replace(/\.mdx?$/, '');
  for (let steps = 0; stack.length > 0 && steps < 1_000_000; steps++) {
    const { value, inside } = stack.pop()!;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (typeof item === 'string') {
          if (inside) found.add(tidy(item));
        } else stack.push({ value: item, inside });
      }
    } else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      const here = inside || record.searchable === true;
      if (here && typeof record.root === 'string') found.add(tidy(record.root));
      for (const [key, child] of Object.entries(record)) if (key !== 'global' && child && typeof child === 'object') stack.push({ value: child, inside: here });
    }
  }
  return found;
}

function readSpec(textAt: (relative: string) => string | undefined, file: string, cache: Map<string, unknown>): unknown {
  if (cache.has(file)) return cache.get(file);
  let spec: unknown;
  if (!/^https?:\/\//.test(file)) {
    const text = textAt(file);
    try {
      spec = text === undefined ? undefined : parseYaml(text, { maxAliasCount: 100, prettyErrors: false });
    } catch {
      spec = undefined;
    }
  }
  cache.set(file, spec);
  return spec;
}
