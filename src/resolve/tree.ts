/**
 * The one pipeline after the checks: walks the navigation, reads the specs in scope through
 * the loader, expands endpoint entries and bulk generation, gives every page its platform
 * URL, and reports what only this walk can see (endpoint-not-found, endpoint-excluded,
 * openapi-invalid, openapi-warning, openapi-remote, slug-collision, unsafe-slug, too-deep).
 * `validate` and `resolve` both run it, so they report the same problems on the same input.
 * Synchronous: remote specs are fetched (by resolve, with allowRemote) before it runs.
 */
import { tidyPage, type PageEntry } from '../navigation/entries.js';
import { ELEMENTS, isPlainObject, NAME_FIELD } from '../navigation/model.js';
import { escapesRoot, isUrl, openapiSources, rootRelative, type OpenapiSource } from '../navigation/openapi.js';
import { pointerOf, walkNavigation, type ElementNode, type NavigationVisitor, type OpenapiScope, type PageNode } from '../navigation/walk.js';
import type { Code } from '../codes.js';
import type { FileReader } from '../files.js';
import type { Finding } from '../problem.js';
import type { DocsFiles } from '../rules/types.js';
import { initialDisplay } from './group-moves.js';
import { findOperation, findWebhook, generatedGroups, generatedPagePath, indexSpec, pageTitle, type Operation } from './operations.js';
import { emptyPageTree, NavBuilder } from './nav.js';
import { findPageFile, titleFromPath } from './page-files.js';
import type { SpecLoader, SpecResult } from './specs.js';
import type { PageTree, ResolvedGroup, ResolvedPage, TrailItem } from './types.js';

/** The deepest trail the page tree holds (real sites nest under 15). */
const MAX_TRAIL = 100;

/** Characters that break a URL path (platform-facts §3 keeps them in page paths). */
const UNSAFE = /[?#:&%\s]/g;
/** The same, for `test` (a global regex keeps state between calls). */
const UNSAFE_TEST = new RegExp(UNSAFE.source);

/** Page paths that could write outside a site generator's output folder, and why. */
const DANGEROUS: ReadonlyArray<readonly [RegExp, string]> = [
  [/(^|\/)\.\.?(\/|$)/, 'has a "." or ".." segment'],
  [/^\//, 'starts with "/"'],
  [/^[a-z]:/i, 'starts with a drive letter'],
  [/\\/, 'has a backslash'],

  [/[\u0000-\u001f\u007f]/, 'has control characters'],
];

/** Any of them, in one test: the common safe path is let through without building a pointer. */
const ANY_DANGER = new RegExp(DANGEROUS.map(([pattern]) => pattern.source).join('|'), 'i');

/** Findings of one bulk generation listed in full before the rest are summed up as "and N more". */
const MAX_MERGED = 10;

/** What the walk found, in navigation order, before any spec is read. */
type Step = { type: 'group'; group: ResolvedGroup } | { type: 'entry'; node: PageNode } | { type: 'bulk'; owner: ElementNode };

interface ElementState {
  trail: TrailItem[];
  hidden: boolean;
  /** Below the depth limit: left out of the tree (said once, at the element that passes it). */
  tooDeep?: boolean;
  group?: ResolvedGroup;
  /** An endpoint entry below relies on this element's `openapi`: no bulk generation. */
  specUsed?: boolean;
}

/** What the tree builder needs besides the navigation. */
export interface TreeBuilderOptions {
  /** Reads specs; undefined: specs are not read (`validate --no-specs`), endpoint entries are not expanded. */
  loader?: SpecLoader;
  /** The docs root's files, for page files. */
  files?: DocsFiles;
  /** Reads page files for front-matter titles (resolve); undefined: titles come from paths. */
  reader?: FileReader;
  /** Absolute docs root, for front-matter reads. */
  absoluteRoot: string;
  report: (finding: Finding) => void;
  /**
   * Keep the page tree (resolve). `false` (validate): only what can be reported is worked
   * out; ordinary pages get no title, file lookup or pointer unless a problem needs one.
   */
  keepTree?: boolean;
  /**
   * Emit pages during the walk (specs are read synchronously). `false`: collect steps and
   * emit in `build`, after remote specs were fetched.
   */
  immediate?: boolean;
}

/** One page path wanted in a section; the URL is decided once every page is known (the later page keeps it). */
interface Claim {
  page: { path: string };
  wanted: string;
  owner: string;
  /** The pointer, or the page node to work it out from when a problem needs it. */
  at: string | PageNode;
  section: ElementNode;
}

export class TreeBuilder {
  private readonly states = new Map<ElementNode, ElementState>();
  private readonly steps: Step[] = [];
  /** Every page path wanted, in navigation order. */
  private readonly claims: Claim[] = [];
  /** Each group's first visible page, as a page (its URL is known only at the end). */
  private readonly firstPages = new Map<ResolvedGroup, ResolvedPage>();
  /** Places (pointers) where a spec's failure or caveat was said already. */
  private readonly specSaid = new Set<string>();
  private readonly breadcrumbs: boolean;
  /**
   * Findings of the bulk generation under way. They all point at one `openapi` value, where
   * the sink keeps one finding per code, so they are collected and reported together.
   */
  private bulkFindings: Finding[] | undefined;
  /** Each `openapi` scope's specs, and where each is written: worked out once, not once per entry. */
  private readonly scopes = new Map<OpenapiScope, Array<OpenapiSource & { pointer: string }>>();

  private readonly loader: SpecLoader | undefined;
  private readonly files: DocsFiles | undefined;
  private readonly reader: FileReader | undefined;
  private readonly absoluteRoot: string;
  private readonly report: (finding: Finding) => void;
  private readonly keepTree: boolean;
  private readonly immediate: boolean;
  private readonly tree: PageTree = emptyPageTree();
  /** The nested navigation (`nav`), built beside the flat lists when the tree is kept. */
  private readonly nav: NavBuilder | undefined;
  /** Sections with endpoint pages: ordinary pages alone never clash (one path is one page). */
  private readonly endpointSections = new Set<ElementNode>();
  private planned = false;

  constructor(
    private readonly docs: unknown,
    options: TreeBuilderOptions,
  ) {
    this.loader = options.loader;
    this.files = options.files;
    this.reader = options.reader;
    this.absoluteRoot = options.absoluteRoot;
    this.report = options.report;
    this.keepTree = options.keepTree ?? true;
    this.immediate = options.immediate ?? false;
    this.nav = this.keepTree ? new NavBuilder(MAX_TRAIL) : undefined;
    const styling = isPlainObject(docs) ? docs.styling : undefined;
    this.breadcrumbs = isPlainObject(styling) && styling.eyebrows === 'breadcrumbs';
  }

  /**
   * The builder's part of the one walk over the navigation (run beside the rules): each
   * element's state, and the pages, in navigation order (emitted now, or kept as steps).
   */
  visitor(): NavigationVisitor {
    this.planned = true;
    const nav = this.nav?.visitor;
    return {
      element: (node) => {
        this.enter(node);
        nav?.element?.(node);
      },
      page: (node) => {
        nav?.page?.(node);
        if (this.states.get(node.parent)?.tooDeep) return;
        this.markSpecUse(node);
        if (this.immediate) this.emitEntry(node, this.tree);
        else this.steps.push({ type: 'entry', node });
      },
      leave: (node) => {
        nav?.leave?.(node);
        const state = this.states.get(node);
        if (node.openapi?.owner !== node || state?.specUsed || state?.tooDeep) return;
        if (this.immediate) this.emitBulk(node, this.tree);
        else this.steps.push({ type: 'bulk', owner: node });
      },
    };
  }

  /** Walks the navigation on its own (when no other walk carried the visitor). */
  plan(): void {
    if (this.planned) return;
    walkNavigation(this.docs, [this.visitor()]);
  }

  /** Every spec source the steps use (for fetching remote ones before `build`). */
  specSources(): Set<string> {
    this.plan();
    const wanted = new Set<string>();
    for (const step of this.steps) {
      if (step.type === 'group') continue;
      if (step.type === 'bulk') for (const { source } of this.specsOf(step.owner.openapi)) wanted.add(source);
      else if (step.node.entry.kind !== 'page') {
        const entry = step.node.entry;
        if (entry.specfile !== undefined) wanted.add(entry.specfile);
        else for (const { source } of this.specsOf(step.node.parent.openapi)) wanted.add(source);
      }
    }
    return wanted;
  }

  /** Finishes the tree (pages and groups in navigation order) and settles every page's URL. */
  build(): PageTree {
    this.plan();
    const tree = this.tree;
    // Groups go out with the pages, so that generated groups keep their place in navigation order.
    for (const step of this.steps) {
      if (step.type === 'group') tree.groups.push(step.group);
      else if (step.type === 'bulk') this.emitBulk(step.owner, tree);
      else this.emitEntry(step.node, tree);
    }
    this.steps.length = 0;
    this.assignUrls();
    for (const [group, page] of this.firstPages) group.firstPage = page.path;
    this.nav?.finish(tree);
    return tree;
  }

  private enter(node: ElementNode): void {
    const parent = node.parent ? this.states.get(node.parent) : undefined;
    const kind = ELEMENTS[node.kind].trail;
    const field = NAME_FIELD[node.kind];
    const label = field && typeof node.value[field] === 'string' ? node.value[field] : '';
    const parentTrail = parent?.trail ?? [];
    if (parent?.tooDeep || (kind && parentTrail.length >= MAX_TRAIL)) {
      // Every page carries its trail: past this depth the tree would grow with depth × pages.
      if (!parent?.tooDeep) {
        this.report({
          code: 'too-deep',
          message: `Navigation is nested more than ${MAX_TRAIL} levels deep here; the page tree stops above this element, so its pages are not in it.`,
          pointer: pointerOf(node.path),
        });
      }
      this.states.set(node, { trail: parentTrail, hidden: true, tooDeep: true });
      return;
    }
    const state: ElementState = {
      trail: kind ? [...parentTrail, { kind, label }] : parentTrail,
      hidden: (parent?.hidden ?? false) || node.value.hidden === true,
    };
    if (node.kind === 'group') {
      const topLevel = node.groupDepth === 0;
      const group: ResolvedGroup = {
        id: pointerOf(node.path),
        label,
        trail: parentTrail,
        topLevel,
        display: initialDisplay(topLevel, node.value.expanded),
        generated: false,
        hidden: state.hidden,
        source: pointerOf(node.path),
      };
      if (typeof node.value.root === 'string') group.root = tidyPage(node.value.root);
      if (this.immediate) this.tree.groups.push(group);
      else this.steps.push({ type: 'group', group });
      state.group = group;
    }
    this.states.set(node, state);
  }

  /** An endpoint entry relies on the spec in scope (or on the element whose spec it names). */
  private markSpecUse(node: PageNode): void {
    const entry = node.entry;
    if (entry.kind === 'page') return;
    const owner = entry.specfile === undefined ? node.parent.openapi?.owner : scopeNaming(node, entry.specfile)?.owner;
    const state = owner && this.states.get(owner);
    if (state) state.specUsed = true;
  }

  private specsOf(scope: OpenapiScope | undefined): Array<OpenapiSource & { pointer: string }> {
    if (!scope) return [];
    let specs = this.scopes.get(scope);
    if (!specs) {
      specs = openapiSources(scope.value).map((spec) => ({ ...spec, pointer: pointerOf(scope.owner.path, 'openapi', ...spec.at) }));
      this.scopes.set(scope, specs);
    }
    return specs;
  }

  /**
   * The loaded spec for a source, reporting (once per place) why it is not there. Missing
   * files, folders and symlinks out of the root are the rules' to report (openapi-not-found,
   * path-outside-root): they see the same `files`.
   */
  private spec(source: string, pointer: string): (SpecResult & { ok: true }) | undefined {
    if (!this.loader) return undefined;
    const result = this.loader.loadSync(source);
    const first = !this.specSaid.has(pointer);
    this.specSaid.add(pointer);
    if (result.ok) {
      if (first && result.warnings.length > 0) this.report({ code: 'openapi-warning', message: result.warnings.join(' '), pointer });
      return result;
    }
    if (!first) return undefined;
    if (result.reason === 'remote') {
      this.report({
        code: 'openapi-remote',
        message: `"${result.file}" is a URL: remote specs are fetched only with allowRemote (\`--allow-remote\`), so it was not checked and no pages came from it.`,
        pointer,
      });
    } else if (result.reason === 'invalid' || isUrl(result.file)) {
      this.report({ code: 'openapi-invalid', message: result.message, pointer });
    }
    return undefined;
  }

  private emitBulk(owner: ElementNode, tree: PageTree): void {
    const state = this.states.get(owner)!;
    for (const { source, directory, pointer } of this.specsOf(owner.openapi)) {
      const loaded = this.spec(source, pointer);
      if (!loaded) continue;
      const findings: Finding[] = (this.bulkFindings = []);
      for (const generated of generatedGroups(loaded.spec, directory)) {
        const topLevel = owner.kind !== 'group';
        const group: ResolvedGroup = {
          id: pointer,
          label: generated.label,
          trail: state.trail,
          topLevel,
          display: initialDisplay(topLevel, undefined),
          generated: true,
          hidden: state.hidden,
          source: pointer,
        };
        tree.groups.push(group);
        const trail = [...state.trail, { kind: 'group' as const, label: generated.label }];
        for (const page of generated.pages) {
          const op = page.operation;
          if (page.page !== page.base) {
            this.say({
              code: 'slug-collision',
              message: `Two operations of "${loaded.file}" make the page "${page.base}"; ${describeOperation(op)} becomes "${page.page}" (the platform suffixes it the same way).`,
              pointer,
            });
          }
          const resolved = this.endpointPage(op, loaded.file, page.page, trail, state.hidden, pointer, owner);
          if (!resolved) continue;
          if (!resolved.hidden) {
            if (!this.firstPages.has(group)) this.firstPages.set(group, resolved);
            // The owner (when a group) and the groups above it lead to this page too.
            this.setFirstPage(owner, resolved);
          }
          tree.pages.push(resolved);
        }
      }
      this.bulkFindings = undefined;
      for (const finding of mergeByCode(findings)) this.report(finding);
    }
  }

  /** Reports now, or collects for the bulk generation under way. */
  private say(finding: Finding): void {
    if (this.bulkFindings) this.bulkFindings.push(finding);
    else this.report(finding);
  }

  private emitEntry(node: PageNode, tree: PageTree): void {
    const state = this.states.get(node.parent)!;
    const entry = node.entry;
    if (entry.kind === 'page' && !this.keepTree) return this.checkOrdinaryPage(entry.page, entry.clean, node);
    const pointer = pointerOf(node.path);
    let page: ResolvedPage | undefined;
    if (entry.kind === 'page') page = this.ordinaryPage(entry.page, entry.clean, node, state, pointer);
    else page = this.endpointEntry(entry, node, state, pointer);
    if (!page) return;
    tree.pages.push(page);
    this.nav?.entryPage(node, page);
    if (!page.hidden) this.setFirstPage(node.parent, page);
  }

  /** An ordinary page when no tree is kept: what can be reported, and its claim on a URL; pointers only when needed. */
  private checkOrdinaryPage(raw: string, pagePath: string, node: PageNode): void {
    if (isUrl(raw) || escapesRoot(pagePath)) return;
    if (ANY_DANGER.test(pagePath)) {
      this.safePath(pagePath, pointerOf(node.path));
      return;
    }
    if (UNSAFE_TEST.test(pagePath)) this.checkUnsafe(pagePath, pointerOf(node.path));
    this.claims.push({ page: { path: pagePath }, wanted: pagePath, owner: `page ${pagePath}`, at: node, section: node.parent.section });
  }

  private ordinaryPage(raw: string, pagePath: string, node: PageNode, state: ElementState, pointer: string): ResolvedPage | undefined {
    // A path that climbs out of the root is path-outside-root (the rule's); it never reaches the tree.
    if (!isUrl(raw) && escapesRoot(pagePath)) return undefined;
    if (!isUrl(raw) && !this.safePath(pagePath, pointer)) return undefined;
    const found = this.files && !isUrl(raw) ? findPageFile(this.files, this.reader, this.absoluteRoot, pagePath) : undefined;
    const page: ResolvedPage = {
      id: pointer,
      path: pagePath,
      kind: 'page',
      title: found?.title ?? titleFromPath(pagePath),
      trail: state.trail,
      hidden: state.hidden,
      source: pointer,
    };
    if (found) page.file = found.file;
    if (this.breadcrumbs) page.breadcrumbs = state.trail.map((item) => item.label);
    this.claim(page, `page ${pagePath}`, node.parent.section, pointer);
    return page;
  }

  private endpointEntry(entry: Exclude<PageEntry, { kind: 'page' }>, node: PageNode, state: ElementState, pointer: string): ResolvedPage | undefined {
    // A named spec file's problems belong to the entry; the scope's, to its `openapi` value.
    const candidates =
      entry.specfile !== undefined
        ? [{ source: entry.specfile, at: [], directory: scopeNaming(node, entry.specfile)?.source.directory, pointer }]
        : this.specsOf(node.parent.openapi);
    let firstMiss: string | undefined;
    let firstSuggest: string | undefined;
    let anyLoaded = false;
    for (const { source, directory, pointer: specPointer } of candidates) {
      const loaded = this.spec(source, specPointer);
      if (!loaded) continue;
      anyLoaded = true;
      const index = indexSpec(loaded.spec);
      const label = entry.kind === 'webhook' ? `webhook ${entry.name}` : `${entry.method.toUpperCase()} ${entry.path}`;
      if (entry.kind === 'webhook') {
        const match = findWebhook(index, entry.name);
        if (match.kind === 'found') return this.endpointFromEntry(match.operation, loaded.file, directory, node, state, pointer);
        firstMiss ??= `"${label}": "${loaded.file}" has no webhook "${entry.name}"${listOf('closest', match.suggestions)}.`;
        firstSuggest ??= match.suggestions[0] !== undefined ? `webhook ${match.suggestions[0]}` : undefined;
        continue;
      }
      const match = findOperation(index, entry.method, entry.path);
      if (match.kind === 'found') return this.endpointFromEntry(match.operation, loaded.file, directory, node, state, pointer);
      if (match.kind === 'method-not-found') {
        firstMiss ??= `"${label}": "${loaded.file}" has no ${entry.method.toUpperCase()} ${match.path}; that path has ${match.methods.map((m) => m.toUpperCase()).join(', ')}.`;
        firstSuggest ??= match.methods.length === 1 ? `${match.methods[0].toUpperCase()} ${match.path}` : undefined;
      } else {
        firstMiss ??= `"${label}": "${loaded.file}" has no path ${entry.path}${listOf('closest', match.suggestions)}.`;
        firstSuggest ??= match.suggestions[0] !== undefined ? `${entry.method.toUpperCase()} ${match.suggestions[0]}` : undefined;
      }
    }
    if (anyLoaded && firstMiss) {
      const finding: Finding = { code: 'endpoint-not-found', message: firstMiss, pointer };
      if (firstSuggest) finding.suggest = entry.specfile ? `${entry.specfile} ${firstSuggest}` : firstSuggest;
      this.report(finding);
    }
    return undefined;
  }

  private endpointFromEntry(
    op: Operation,
    file: string,
    directory: string | undefined,
    node: PageNode,
    state: ElementState,
    pointer: string,
  ): ResolvedPage | undefined {
    if (op.excluded) {
      this.report({
        code: 'endpoint-excluded',
        message: `"${node.value}" is marked x-excluded in "${file}", so it has no page; the platform fails the build. Remove the entry or the x-excluded flag.`,
        pointer,
      });
      return undefined;
    }
    return this.endpointPage(op, file, generatedPagePath(op, directory), state.trail, state.hidden, pointer, node.parent);
  }

  private endpointPage(
    op: Operation,
    file: string,
    wanted: string,
    trail: TrailItem[],
    hidden: boolean,
    pointer: string,
    element: ElementNode,
  ): ResolvedPage | undefined {
    if (!this.safePath(wanted, pointer)) return undefined;
    const method = op.method.toUpperCase();
    const page: ResolvedPage = {
      id: pointer,
      path: wanted,
      kind: 'endpoint',
      title: pageTitle(op, wanted),
      trail,
      hidden: hidden || op.hidden,
      openapi: { file, method, path: op.path },
      deprecated: op.deprecated,
      source: pointer,
    };
    if (op.summary !== undefined) page.summary = op.summary;
    if (op.description !== undefined) page.description = op.description;
    if (this.breadcrumbs) page.breadcrumbs = trail.map((item) => item.label);
    this.claim(page, `${file} ${method} ${op.path}`, element.section, pointer);
    return page;
  }

  /** A page wants its path in a section; the URL is settled by assignUrls once every page is known. */
  private claim(page: ResolvedPage, owner: string, section: ElementNode, pointer: string): void {
    this.checkUnsafe(page.path, pointer);
    this.claims.push({ page, wanted: page.path, owner, at: pointer, section });
    if (page.kind === 'endpoint') this.endpointSections.add(section);
  }

  /**
   * Page URLs as the platform gives them (platform-facts §1a): where pages of one section
   * want one path, the platform keeps the LATER one under it. That page keeps the path; each
   * earlier page with a different owner gets the next free `-1`, `-2`, … (a slug-collision:
   * on the platform it would be lost). The same owner listed twice keeps its path
   * (duplicate-page says so). Suffixes skip every path some page wants, and a counter per
   * path makes the whole pass linear.
   */
  private assignUrls(): void {
    const bySection = new Map<ElementNode, Claim[]>();
    for (const claim of this.claims) {
      if (!this.endpointSections.has(claim.section)) continue;
      const list = bySection.get(claim.section);
      if (list) list.push(claim);
      else bySection.set(claim.section, [claim]);
    }
    const findings: Finding[] = [];
    for (const claims of bySection.values()) {
      const keeper = new Map<string, string>();
      for (const claim of claims) keeper.set(claim.wanted, claim.owner);
      const used = new Set(keeper.keys());
      const next = new Map<string, number>();
      for (const claim of claims) {
        const winner = keeper.get(claim.wanted)!;
        if (winner === claim.owner) continue;
        let n = next.get(claim.wanted) ?? 1;
        while (used.has(`${claim.wanted}-${n}`)) n++;
        next.set(claim.wanted, n + 1);
        const suffixed = `${claim.wanted}-${n}`;
        used.add(suffixed);
        claim.page.path = suffixed;
        // No `suggest`: writing the suffixed path in place of the entry would name no file (or stop being an endpoint entry).
        findings.push({
          code: 'slug-collision',
          message: `"${claim.wanted}" is also the path of ${winner}, later in this section; the platform keeps that one under this URL and loses this page, which docsnav gives "${suffixed}".`,
          pointer: typeof claim.at === 'string' ? claim.at : pointerOf(claim.at.path),
        });
      }
    }
    // Pages of one bulk generation share a pointer: one finding there, messages joined.
    const byPointer = new Map<string, Finding[]>();
    for (const finding of findings) {
      const list = byPointer.get(finding.pointer);
      if (list) list.push(finding);
      else byPointer.set(finding.pointer, [finding]);
    }
    for (const list of byPointer.values()) for (const finding of mergeByCode(list)) this.report(finding);
  }

  /**
   * A page path a site generator can write under its output folder: no `..` or `.` segment,
   * no leading `/`, no drive letter, no backslash, no control characters. Anything else is
   * left out of the tree with an unsafe-slug (an `x-mint.href` of `../../etc/x`, a path with
   * an escape sequence).
   */
  private safePath(page: string, pointer: string): boolean {
    if (!ANY_DANGER.test(page)) return true;
    const why = DANGEROUS.find(([pattern]) => pattern.test(page))?.[1];
    if (why === undefined) return true;
    this.say({ code: 'unsafe-slug', message: `Page path ${JSON.stringify(page)} ${why}; it is left out of the page tree.`, pointer });
    return false;
  }

  private checkUnsafe(page: string, pointer: string): void {
    if (isUrl(page)) return;
    const unsafe = page.match(UNSAFE);
    if (!unsafe) return;
    const kinds = [...new Set(unsafe.map((c) => (/\s/.test(c) ? 'whitespace' : `"${c}"`)))];
    this.say({ code: 'unsafe-slug', message: `Page path "${page}" has ${kinds.join(', ')}, which ${kinds.length === 1 ? 'breaks' : 'break'} URLs.`, pointer });
  }

  private setFirstPage(element: ElementNode, page: ResolvedPage): void {
    for (let node: ElementNode | undefined = element; node && node.kind === 'group'; node = node.parent) {
      const group = this.states.get(node)?.group;
      if (!group || this.firstPages.has(group)) return;
      this.firstPages.set(group, page);
    }
  }
}

/** The nearest `openapi` scope above a page that names this spec file, and the source that names it. */
function scopeNaming(node: PageNode, specfile: string): { owner: ElementNode; source: OpenapiSource } | undefined {
  const file = rootRelative(specfile);
  for (let scope = node.parent.openapi; scope; scope = scope.owner.parent?.openapi) {
    const source = openapiSources(scope.value).find((s) => !isUrl(s.source) && rootRelative(s.source) === file);
    if (source) return { owner: scope.owner, source };
  }
  return undefined;
}

function describeOperation(op: Operation): string {
  return op.method === 'webhook' ? `webhook ${op.path}` : `${op.method.toUpperCase()} ${op.path}`;
}

/** One finding per code, in first-seen order: several messages are joined (the first MAX_MERGED, then a count). */
function mergeByCode(findings: readonly Finding[]): Finding[] {
  const byCode = new Map<Code, Finding[]>();
  for (const finding of findings) {
    const list = byCode.get(finding.code);
    if (list) list.push(finding);
    else byCode.set(finding.code, [finding]);
  }
  return [...byCode.values()].map((list) => {
    if (list.length === 1) return list[0];
    const messages = [...new Set(list.map((f) => f.message))];
    const more = messages.length > MAX_MERGED ? ` And ${messages.length - MAX_MERGED} more.` : '';
    return { code: list[0].code, pointer: list[0].pointer, message: messages.slice(0, MAX_MERGED).join(' ') + more };
  });
}

function listOf(what: string, items: readonly string[]): string {
  return items.length === 0 ? '' : `; ${what}: ${items.join(', ')}`;
}
