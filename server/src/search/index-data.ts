/**
 * What a deployment's section index holds: its pages (filed from their sections, each keyed by
 * what its copies share), its sections, and its tables by term and by section, in typed arrays;
 * built by index-build.ts, written and read back by index-bytes.ts, read by rank.ts. No I/O.
 */
import type { PageSection } from '../store/deployments.js';
import { Growable } from './growable.js';
import { FIELD_COUNT } from './index-fields.js';
import { fold } from './tokenize.js';

export interface IndexedPage {
  path: string;
  kind: PageSection['pageKind'];
  hidden: boolean;
  /** The language and version of its first listing in the navigation. */
  language: string | undefined;
  version: string | undefined;
  /** The languages and versions of all its listings (a page the English and the French navigation both list is in both). */
  languages: string[];
  versions: string[];
  /** Pages sharing it are one page in several versions or languages. */
  copyKey: string;
  /** Whether its version (language) is the default of its siblings; undefined when the stored trail does not say. */
  defaultVersion?: boolean;
  defaultLanguage?: boolean;
  /** Order of the page in the navigation. */
  position: number;
  sections: number[];
}

export interface IndexData {
  readonly pages: IndexedPage[];
  readonly sections: PageSection[];
  /**
   * term → its id. Everything else about a term is in typed arrays by id (outside the JS heap,
   * one object each, not one per term): a site has ~100,000 terms, and a Map of arrays per term
   * held 80 MB of heap for the three corpus repositories and grew the heap to 270 MB while built.
   */
  readonly termIds: Map<string, number>;
  /**
   * The postings of term `id` are `offsets[id] ..< offsets[id + 1]`: posting `p` is section
   * `postingSections[p]` with its term frequency in field `f` at `postingFrequencies[p * FIELD_COUNT + f]`.
   */
  offsets: Uint32Array;
  postingSections: Uint32Array;
  postingFrequencies: Uint16Array;
  /** term id → number of pages holding it. */
  pageFrequency: Uint32Array;
  /** Each section's length in each field (`section * FIELD_COUNT + f`), and its page. */
  readonly fieldLengths: Growable<Uint32Array>;
  readonly sectionPages: Growable<Uint32Array>;
  /** Each field's average length over the sections (at least 1). */
  readonly averages: number[];
  /** Languages and versions of the navigation, in order of first appearance. */
  readonly languages: string[];
  readonly versions: string[];
  readonly byPath: Map<string, number>;
}

/** An index of no section, to be filled (index-build.ts) or restored (index-bytes.ts). */
export function emptyIndexData(): IndexData {
  return {
    pages: [],
    sections: [],
    termIds: new Map<string, number>(),
    offsets: new Uint32Array(1),
    postingSections: new Uint32Array(0),
    postingFrequencies: new Uint16Array(0),
    pageFrequency: new Uint32Array(0),
    fieldLengths: new Growable(Uint32Array),
    sectionPages: new Growable(Uint32Array),
    averages: new Array<number>(FIELD_COUNT).fill(0),
    languages: [],
    versions: [],
    byPath: new Map<string, number>(),
  };
}

/**
 * Files a section under its page (the page made on its first section): everything of the section
 * but its words. Every section's trail adds its language and version to the page's: the sections
 * of a page listed twice come back with the second listing's trail.
 */
export function register(data: IndexData, row: PageSection): number {
  const id = data.sections.length;
  data.sections.push(row);
  const trail = Array.isArray(row.trail) ? (row.trail as Array<{ kind?: unknown; label?: unknown }>) : [];
  const item = (kind: string) =>
    trail.find((entry) => entry?.kind === kind && typeof entry.label === 'string') as { label: string; default?: unknown } | undefined;
  const language = item('language')?.label;
  const version = item('version')?.label;
  if (language && !data.languages.includes(language)) data.languages.push(language);
  if (version && !data.versions.includes(version)) data.versions.push(version);
  let pageId = data.byPath.get(row.pagePath);
  if (pageId === undefined) {
    pageId = data.pages.length;
    data.byPath.set(row.pagePath, pageId);
    const isDefault = (kind: string) => {
      const flag = item(kind)?.default;
      return typeof flag === 'boolean' ? flag : undefined;
    };
    data.pages.push({
      path: row.pagePath,
      kind: row.pageKind,
      hidden: row.hidden,
      language,
      version,
      languages: [],
      versions: [],
      // Versions of a page keep its title; translations do not (so only the path is compared for them).
      copyKey: `${copyKey(row.pagePath, language, version)}${version ? `\u0000${fold(row.pageTitle)}` : ''}`,
      defaultVersion: isDefault('version'),
      defaultLanguage: isDefault('language'),
      position: pageId,
      sections: [],
    });
  }
  const page = data.pages[pageId];
  if (language && !page.languages.includes(language)) page.languages.push(language);
  if (version && !page.versions.includes(version)) page.versions.push(version);
  page.sections.push(id);
  return pageId;
}

/** The postings of a term: `start ..< end` (see `offsets`). */
export function postingsOf(data: IndexData, term: string): { start: number; end: number } | undefined {
  const id = data.termIds.get(term);
  return id === undefined ? undefined : { start: data.offsets[id], end: data.offsets[id + 1] };
}

/** Inverse document frequency over pages (BM25's, never negative). */
export function idfOf(data: IndexData, term: string): number {
  const df = pagesWith(data, term);
  const n = data.pages.length;
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** The largest idf a term can have here (a word no page holds). */
export function maxIdf(data: IndexData): number {
  return idfOf(data, '\u0000');
}

/** How many pages hold the term. */
export function pagesWith(data: IndexData, term: string): number {
  const id = data.termIds.get(term);
  return id === undefined ? 0 : data.pageFrequency[id];
}

/**
 * The path of a page with its version or language segment taken out: `es/quickstart` and
 * `quickstart` share `quickstart`; `specification/2025-06-18/basic` and
 * `specification/draft/basic` share `specification/basic`.
 */
export function copyKey(pagePath: string, language: string | undefined, version: string | undefined): string {
  const marks = new Set<string>();
  if (language) marks.add(fold(language));
  if (version) {
    const label = fold(version);
    marks.add(label.replace(/[^\p{L}\p{N}.]+/gu, '-').replace(/^-|-$/g, ''));
    for (const word of label.split(/[\s()]+/)) if (word.length >= 2) marks.add(word);
  }
  if (marks.size === 0) return pagePath;
  const segments = pagePath.split('/');
  const kept = segments.filter((segment) => !marks.has(fold(segment)));
  return kept.join('/');
}
