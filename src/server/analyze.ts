/**
 * What a deployment learns from a checkout: the library's problems and page tree, and the page
 * texts. Runs in a worker thread (see analyze-worker.ts) so that a hostile docs.json costs the
 * thread, not the server: its memory is capped and it is terminated at the time limit.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { resolveFile } from '../resolve/resolve.js';
import type { Problem } from '../problem.js';
import type { PageTree, ResolvedPage } from '../resolve/types.js';
import { mergeConfigOptions } from '../config/load.js';
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
    const specs = new Map<string, unknown>();
    for (const page of [...result.tree.pages, ...groupRootPages(result.tree, input.docsRoot)]) {
      const base = {
        pagePath: page.path,
        pageKind: page.kind,
        pageTitle: page.title,
        hidden: page.hidden,
        trail: page.trail,
      };
      if (page.kind === 'endpoint' && page.openapi) {
        const spec = readSpec(input.docsRoot, page.openapi.file, specs);
        const { description, sections: parts } = endpointSections(spec, page.openapi.method, page.openapi.path);
        for (const part of parts) sections.push({ ...base, pageDescription: page.description ?? description, ...part });
      } else {
        const source = page.file ? readInside(input.docsRoot, page.file) : undefined;
        const text = source !== undefined ? pageText(source) : { sections: [] };
        const pageTitle = text.title || page.title;
        const pageDescription = text.description ?? '';
        if (text.sections.length === 0) sections.push({ ...base, pageTitle, pageDescription, heading: null, anchor: null, depth: 0, body: '' });
        for (const part of text.sections) sections.push({ ...base, pageTitle, pageDescription, ...part });
      }
    }
    // A group's `root` page opens when its title is clicked; it is a page of the site even
    // when the group does not list it, so it is searchable under the group.
    const listed = new Set(result.tree.pages.map((page) => page.path));
    for (const group of result.tree.groups) {
      if (!group.root || listed.has(group.root) || /^https?:\/\//.test(group.root)) continue;
      listed.add(group.root);
      const source = readPage(input.docsRoot, group.root);
      if (source === undefined) continue;
      const text = pageText(source);
      const base = { pagePath: group.root, pageKind: 'page' as const, pageTitle: text.title || group.label, pageDescription: text.description ?? '', hidden: group.hidden, trail: [...group.trail, { kind: 'group', label: group.label }] };
      if (text.sections.length === 0) sections.push({ ...base, heading: null, anchor: null, depth: 0, body: '' });
      for (const part of text.sections) sections.push({ ...base, ...part });
    }
  }
  return { tree: result.tree, problems, sections };
}

/**
 * Group `root` pages that no `pages` list names: the site serves them (the group title opens
 * them), so their text is searchable too.
 */
function groupRootPages(tree: PageTree, root: string): ResolvedPage[] {
  const listed = new Set(tree.pages.map((page) => page.path));
  const extra: ResolvedPage[] = [];
  for (const group of tree.groups) {
    if (!group.root || listed.has(group.root) || /^[a-z][a-z0-9+.-]*:/i.test(group.root)) continue;
    listed.add(group.root);
    const file = ['.mdx', '.md'].map((extension) => `${group.root}${extension}`).find((candidate) => readInside(root, candidate) !== undefined);
    if (!file) continue;
    extra.push({
      path: group.root,
      kind: 'page',
      title: group.label,
      trail: [...group.trail, { kind: 'group', label: group.label }],
      hidden: group.hidden,
      file,
      source: group.source,
    });
  }
  return extra;
}

function relativeTo(root: string, file: string): string {
  if (!path.isAbsolute(file)) return file.split(path.sep).join('/');
  const relative = path.relative(root, file);
  return relative.startsWith('..') ? path.basename(file) : relative.split(path.sep).join('/');
}

/** A root-relative file, only if it is a regular file inside the root and not too big. */
function readInside(root: string, relative: string): string | undefined {
  const full = path.resolve(root, relative);
  if (full !== root && !full.startsWith(root + path.sep)) return undefined;
  try {
    const stat = statSync(full, { throwIfNoEntry: false });
    if (!stat?.isFile() || stat.size > MAX_TEXT_FILE) return undefined;
    return readFileSync(full, 'utf8');
  } catch {
    return undefined;
  }
}

/** A page path's file: `<path>.mdx`, else `<path>.md`. */
function readPage(root: string, pagePath: string): string | undefined {
  return readInside(root, `${pagePath}.mdx`) ?? readInside(root, `${pagePath}.md`);
}

function readSpec(root: string, file: string, cache: Map<string, unknown>): unknown {
  if (cache.has(file)) return cache.get(file);
  let spec: unknown;
  if (!/^https?:\/\//.test(file)) {
    const text = readInside(root, file);
    try {
      spec = text === undefined ? undefined : parseYaml(text, { maxAliasCount: 100, prettyErrors: false });
    } catch {
      spec = undefined;
    }
  }
  cache.set(file, spec);
  return spec;
}
