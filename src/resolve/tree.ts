/**
 * The one pipeline after the checks: walks the navigation, reads the specs in scope through
 * the loader, expands endpoint entries and bulk generation, gives every page its platform
 * URL, and reports what only this walk can see (endpoint-not-found, endpoint-excluded,
 * openapi-invalid, openapi-warning, openapi-remote, slug-collision, unsafe-slug, too-deep).
 * `validate` and `resolve` both run it, so they report the same problems on the same input.
 * Synchronous: remote specs are fetched (by resolve, with allowRemote) before it runs.
 */
import type { ValidationCache } from '../cache.js';
import { tidyPage, type PageEntry } from '../navigation/entries.js';
import { ELEMENTS, isPlainObject, NAME_FIELD } from '../navigation/model.js';
import { escapesRoot, isUrl, openapiSources, rootRelative, type OpenapiSource } from '../navigation/openapi.js';
import { listedInOwnPages, pointerOf, walkNavigation, type ElementNode, type NavigationVisitor, type OpenapiScope, type PageNode } from '../navigation/walk.js';
import type { Code } from '../codes.js';
import type { FileReader } from '../files.js';
import type { Finding } from '../problem.js';
import { pageFileIn, type DocsFiles } from '../rules/types.js';
import { initialDisplay } from './group-moves.js';
import { findOperation, findWebhook, generatedGroups, generatedPagePath, indexSpec, pageTitle, type Operation } from './operations.js';
import { emptyPageTree, NavBuilder } from './nav.js';
import { findPageFile, type PageFile } from './page-files.js';
import { PageOperations } from './page-operations.js';
import type { Profile } from '../config/profiles.js';
import { titleFromSlug } from './slug.js';
import { stringField } from './front-matter.js';
import { iconOf } from './nav.js';
import type { SpecLoader, SpecResult } from './specs.js';
import type { PageOperation as PageOperationInfo, PageTree, ResolvedGroup, ResolvedPage, TrailItem } from './types.js';

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
  /**
   * Reads page files' front matter: titles and the rest for the tree, and the checks of what
   * the front matter names (`openapi`); undefined: nothing is read, titles come from paths.
   */
  reader?: FileReader;
  /** Keeps parsed front matter of unchanged pages across validations (an editor's). */
  cache?: ValidationCache;
  /** Which contract the resolver's own checks follow (`openapi-external-ref` is info under `spec`). */
  profile?: Profile;
  /**
   * Reports a finding located in another file than docs.json: a page (its front matter; the
   * finding has a `span`) or a spec (the finding has a pointer into it). `file` is root-relative.
   */
  reportIn?: (file: string, text: string, kind: 'page' | 'spec', finding: Finding) => void;
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
  at: string;
  section: ElementNode;
}

export class TreeBuilder {
  private readonly states = new Map<ElementNode, ElementState>();
  private readonly steps: Step[] = [];
  /** Every path a generated or endpoint page wants, in navigation order. */
  private readonly claims: Claim[] = [];
  /**
   * Each section's ordinary page paths. They are the author's: they keep their URL whatever
   * else wants it, so only the paths are kept (and looked at only in sections with endpoints).
   */
  private readonly authored = new Map<ElementNode, string[]>();
  /** The last section an ordinary page was in, and its list: pages come in runs of one section. */
  private authoredSection: ElementNode | undefined;
  private authoredList: string[] = [];
  /** The last element whose pages were seen, and its state: one map lookup per element, not per page. */
  private lastParent: ElementNode | undefined;
  private lastState: ElementState | undefined;
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
  private readonly cache: ValidationCache | undefined;
  private readonly absoluteRoot: string;
  private readonly report: (finding: Finding) => void;
  private readonly reportIn: TreeBuilderOptions['reportIn'];
  private readonly profile: Profile | undefined;
  /** Each page file's front matter and what it names, read and checked once. */
  private readonly pageFiles = new Map<string, PageFrontMatter>();
  private readonly pageOperations: PageOperations | undefined;
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
    this.cache = options.cache;
    this.absoluteRoot = options.absoluteRoot;
    this.report = options.report;
    this.reportIn = options.reportIn;
    this.profile = options.profile;
    this.pageOperations = this.loader ? new PageOperations(this.loader, this.files) : undefined;
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
        if (this.stateOf(node.parent)?.tooDeep) return;
        // A group's `root` that its `pages` list too is that one page, in its place there.
        if (listedInOwnPages(node)) return;
        // Validation's commonest case, the shortest way: no spec to mark, nothing kept for later.
        if (node.plain && !this.keepTree) return this.checkOrdinaryPage(node.value, node.value, node);
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
    this.authorFiles(tree);
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
    // Without a tree, groups are not output: only their pages are checked.
    if (node.kind === 'group' && this.keepTree) {
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
      if (typeof node.value.root === 'string') {
        // A root page the tree leaves out (path-outside-root, unsafe-slug) is no link for the group either.
        const root = tidyPage(node.value.root);
        if (isUrl(root) || !DANGEROUS.some(([pattern]) => pattern.test(root))) group.root = root;
      }
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
      if (first) this.externalRefs(result, pointer);
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

  /**
   * A spec with `$ref`s that do not start with `#`: the platform refuses it ("External $ref
   * references are not allowed"), so its pages are not built. Said in the spec, at each `$ref`
   * (once per spec); an error under the platform profile, info under `spec`.
   */
  private externalRefs(loaded: SpecResult & { ok: true }, pointer: string): void {
    const refs = loaded.externalRefs;
    if (!refs || refs.length === 0 || this.specSaid.has(`refs:${loaded.file}`)) return;
    this.specSaid.add(`refs:${loaded.file}`);
    const severity = this.profile?.externalSpecRefs === 'problem' ? undefined : ('info' as const);
    const why =
      'the hosted platform refuses a spec with a `$ref` to another file or a URL ("External $ref references are not allowed"), and builds no pages from it';
    const fix = 'bundle the spec into one file (e.g. `redocly bundle` or `swagger-cli bundle`), so every `$ref` starts with `#`';
    if (!this.reportIn || loaded.text === undefined || isUrl(loaded.file)) {
      this.report({
        code: 'openapi-external-ref',
        message: `"${loaded.file}" has ${refs.length} external \`$ref\`${refs.length === 1 ? '' : 's'} (the first: "${refs[0].ref}"): ${why}. Instead, ${fix}.`,
        pointer,
        ...(severity && { severity }),
      });
      return;
    }
    for (const ref of refs) {
      this.reportIn(loaded.file, loaded.text, 'spec', {
        code: 'openapi-external-ref',
        message: `\`$ref\` "${ref.ref}" is not inside this file: ${why}. Instead, ${fix}.`,
        pointer: ref.pointer,
        ...(severity && { severity }),
      });
    }
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

  private stateOf(element: ElementNode): ElementState | undefined {
    if (element !== this.lastParent) {
      this.lastParent = element;
      this.lastState = this.states.get(element);
    }
    return this.lastState;
  }

  private emitEntry(node: PageNode, tree: PageTree): void {
    const state = this.stateOf(node.parent)!;
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
    // A plain page path passes every check below.
    if (!node.plain) {
      if (isUrl(raw) || escapesRoot(pagePath)) return;
      if (ANY_DANGER.test(pagePath)) {
        this.safePath(pagePath, pointerOf(node.path));
        return;
      }
      if (UNSAFE_TEST.test(pagePath)) this.checkUnsafe(pagePath, pointerOf(node.path));
    }
    this.claimAuthored(node.parent.section, pagePath);
    if (this.reader && this.files) this.frontMatterOf(pagePath);
  }

  /** An ordinary page's path in its section. */
  private claimAuthored(section: ElementNode, pagePath: string): void {
    if (section !== this.authoredSection) {
      this.authoredSection = section;
      let list = this.authored.get(section);
      if (!list) this.authored.set(section, (list = []));
      this.authoredList = list;
    }
    this.authoredList.push(pagePath);
  }

  private ordinaryPage(raw: string, pagePath: string, node: PageNode, state: ElementState, pointer: string): ResolvedPage | undefined {
    // A path that climbs out of the root is path-outside-root (the rule's); it never reaches the tree.
    if (!isUrl(raw) && escapesRoot(pagePath)) return undefined;
    if (!isUrl(raw) && !this.safePath(pagePath, pointer)) return undefined;
    const found = isUrl(raw) ? undefined : this.frontMatterOf(pagePath);
    const page: ResolvedPage = {
      id: pointer,
      path: pagePath,
      kind: 'page',
      title: titleFromSlug(pagePath),
      trail: state.trail,
      hidden: state.hidden,
      source: pointer,
    };
    if (found) {
      page.file = found.file;
      const operation = found.operation;
      if (operation) {
        // The platform titles and describes the page from the operation, unless the front matter says.
        if (operation.operation.summary) page.title = operation.operation.summary;
        if (operation.operation.description !== undefined) page.description = operation.operation.description;
        page.openapi = pageOperation(operation.operation, operation.file);
      }
      if (found.data) this.applyFrontMatter(page, found.data);
    }
    this.finishPage(page, state.trail);
    this.checkUnsafe(page.path, pointer);
    this.claimAuthored(node.parent.section, pagePath);
    return page;
  }

  /** What a page's front matter gives the tree: its title, sidebar title, icon, tag and description. */
  private applyFrontMatter(page: ResolvedPage, data: Record<string, unknown>): void {
    const title = stringField(data, 'title');
    if (title !== undefined) page.title = title;
    const sidebarTitle = stringField(data, 'sidebarTitle');
    if (sidebarTitle !== undefined) page.sidebarTitle = sidebarTitle;
    const icon = iconOf(data.icon);
    if (icon !== undefined) page.icon = icon;
    const tag = stringField(data, 'tag');
    if (tag !== undefined) page.tag = tag;
    const description = stringField(data, 'description');
    if (description !== undefined) page.description = description;
  }

  /** What every page gets from where it is: its language (the nearest above it) and breadcrumbs. */
  private finishPage(page: ResolvedPage, trail: readonly TrailItem[]): void {
    const language = trail.findLast((item) => item.kind === 'language');
    if (language) page.language = language.label;
    if (this.breadcrumbs) page.breadcrumbs = trail.map((item) => item.label);
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
      openapi: pageOperation(op, file),
      deprecated: op.deprecated,
      source: pointer,
    };
    if (op.summary !== undefined) page.summary = op.summary;
    if (op.description !== undefined) page.description = op.description;
    // `x-mint.metadata` is the generated page's front matter.
    if (op.metadata) this.applyFrontMatter(page, op.metadata);
    this.finishPage(page, trail);
    this.claim(page, `${file} ${method} ${op.path}`, element.section, pointer);
    return page;
  }

  /**
   * A page path's file and front matter, read and checked once: YAML the platform cannot read
   * (`front-matter-invalid`: its build fails; the page is read without it), an `openapi` that is not a
   * string (the platform's build fails), and the operation an `openapi` reference names
   * (`openapi-not-found`, `endpoint-not-found`, as for a navigation entry, but warnings: the
   * platform builds the page, with no API reference on it).
   */
  private frontMatterOf(pagePath: string): PageFrontMatter | undefined {
    // No file, nothing to read or keep: a lookup in the listing is all a missing page costs.
    if (!this.files || pageFileIn(this.files, pagePath) === undefined) return undefined;
    const known = this.pageFiles.get(pagePath);
    if (known !== undefined) return known;
    const found = findPageFile(this.files, this.reader, this.absoluteRoot, pagePath, this.cache);
    let result: PageFrontMatter | undefined;
    if (found) {
      result = { file: found.file };
      const front = found.frontMatter;
      if (front && !front.ok) {
        this.sayInPage(found, {
          code: 'front-matter-invalid',
          message: `The front matter of "${found.file}" is not valid YAML${front.line === undefined ? '' : ` (line ${front.line})`}: ${front.message}. The platform's build fails on it ("There is a syntax error in your frontmatter").`,
          line: front.line,
        });
      } else if (front?.ok) {
        result.data = front.data;
        result.operation = this.frontMatterOperation(found, front.data);
      }
    }
    if (result) this.pageFiles.set(pagePath, result);
    return result;
  }

  private frontMatterOperation(found: PageFile, data: Record<string, unknown>): PageFrontMatter['operation'] {
    const value = data.openapi;
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') {
      this.sayInPage(found, {
        code: 'front-matter-invalid',
        message: `\`openapi\` in the front matter of "${found.file}" is ${Array.isArray(value) ? 'a list' : `a ${typeof value}`}; it must be one endpoint as a string, such as "GET /users". The platform's build fails on it.`,
        key: 'openapi',
      });
      return undefined;
    }
    if (value.trim() === '' || !this.pageOperations) return undefined;
    const lookup = this.pageOperations.find(value, found.file);
    if (lookup.kind === 'found') return { operation: lookup.operation, file: lookup.file };
    if (lookup.kind === 'unknown') return undefined;
    if (lookup.kind === 'malformed') {
      this.sayInPage(found, {
        code: 'endpoint-not-found',
        message: `\`openapi: "${value}"\` in "${found.file}" is not an endpoint ("METHOD /path", "specfile METHOD /path" or "webhook name"), so the page shows no API reference.`,
        key: 'openapi',
        severity: 'warning',
      });
    } else if (lookup.kind === 'spec-not-found') {
      this.sayInPage(found, {
        code: 'openapi-not-found',
        message: `\`openapi: "${value}"\` in "${found.file}" names "${lookup.spec}", which is not an OpenAPI file under the docs root.`,
        key: 'openapi',
        severity: 'warning',
      });
    } else {
      const where =
        lookup.searched.length === 0
          ? 'the docs root has no OpenAPI file'
          : `no OpenAPI file of the docs root defines it (looked in ${lookup.searched.slice(0, 3).join(', ')}${lookup.searched.length > 3 ? `, and ${lookup.searched.length - 3} more` : ''})`;
      this.sayInPage(found, {
        code: 'endpoint-not-found',
        message: `\`openapi: "${value}"\` in "${found.file}": ${where}, so the page shows no API reference.`,
        key: 'openapi',
        severity: 'warning',
      });
    }
    return undefined;
  }

  /** A finding in a page file, at a front-matter key's line (or a given line), else its first line. */
  private sayInPage(found: PageFile, what: { code: Code; message: string; key?: string; line?: number; severity?: Finding['severity'] }): void {
    const text = found.text ?? '';
    const span = spanInPage(text, what.key, what.line);
    const finding: Finding = { code: what.code, message: what.message, pointer: '', span };
    if (what.severity) finding.severity = what.severity;
    if (this.reportIn && found.text !== undefined) this.reportIn(found.file, text, 'page', finding);
  }

  /**
   * What the platform does with a page file at a generated page's path: the file replaces the
   * generated page (both entries show it, at the one URL), keeping the generated title,
   * description and sidebar title where the file's front matter has none. An ordinary page at
   * that path with no title of its own takes the generated one too.
   */
  private authorFiles(tree: PageTree): void {
    if (!this.files) return;
    const generated = new Map<string, ResolvedPage>();
    for (const page of tree.pages) if (page.kind === 'endpoint') generated.set(page.path, page);
    if (generated.size === 0) return;
    for (const page of tree.pages) {
      const endpoint = generated.get(page.path);
      if (!endpoint) continue;
      if (page.kind === 'page') {
        if (page.file && !this.pageFiles.get(page.path)?.data?.title) {
          page.title = endpoint.title;
        }
        continue;
      }
      const found = this.frontMatterOf(page.path);
      if (!found) continue;
      page.file = found.file;
      // The file's front matter over the generated values, as on an ordinary page.
      if (found.data) this.applyFrontMatter(page, found.data);
    }
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
   * (duplicate-page says so). A path also listed as an ordinary page is the author's: the
   * platform writes generated pages first and the author's file over them, so every entry
   * there keeps the one URL and shows that file (an info says so at each generated entry).
   * Suffixes skip every path some page wants, and a counter per path makes the whole pass linear.
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
      // A page path listed as an ordinary page is the author's: on the platform its file
      // replaces any generated page there, and every entry links to that one URL. No suffixes.
      const authored = new Set(this.authored.get(claims[0].section));
      for (const claim of claims) keeper.set(claim.wanted, claim.owner);
      const used = new Set([...keeper.keys(), ...authored]);
      const next = new Map<string, number>();
      for (const claim of claims) {
        const winner = keeper.get(claim.wanted)!;
        if (authored.has(claim.wanted)) {
          findings.push({
            code: 'slug-collision',
            message: `"${claim.wanted}" is also a page listed in this section: on the platform its file replaces the page generated for ${claim.owner.replace(/^\S+ /, '')} (of ${claim.owner.split(' ')[0]}), and this entry links to that file's page at the same URL.`,
            pointer: claim.at,
            severity: 'info',
          });
          continue;
        }
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
          pointer: claim.at,
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

/** What the tree keeps of a page file. */
interface PageFrontMatter {
  file: string;
  /** Its front matter, when it has a block the platform can read. */
  data?: Record<string, unknown>;
  /** The operation its `openapi` names, when found. */
  operation?: { operation: Operation; file: string };
}

/** The operation details a page carries. */
function pageOperation(op: Operation, file: string): PageOperationInfo {
  const info: PageOperationInfo = { file, method: op.method.toUpperCase(), path: op.path };
  if (op.operationId !== undefined) info.operationId = op.operationId;
  return info;
}

/** Where in a page a front-matter problem is: the line of `key:` in the block, a given line, else line 1. */
function spanInPage(text: string, key: string | undefined, line: number | undefined): readonly [number, number] {
  if (key !== undefined) {
    const match = new RegExp(`^${key}[ \\t]*:.*$`, 'm').exec(text);
    if (match) return [match.index, match.index + match[0].length];
  }
  let start = 0;
  for (let n = 1; line !== undefined && n < line; n++) {
    const next = text.indexOf('\n', start);
    if (next < 0) break;
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return [start, end < 0 ? text.length : end];
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
  // Per code and severity: an info is not merged into a warning.
  const byCode = new Map<string, Finding[]>();
  for (const finding of findings) {
    const key = `${finding.code} ${finding.severity ?? ''}`;
    const list = byCode.get(key);
    if (list) list.push(finding);
    else byCode.set(key, [finding]);
  }
  return [...byCode.values()].map((list) => {
    if (list.length === 1) return list[0];
    const messages = [...new Set(list.map((f) => f.message))];
    const more = messages.length > MAX_MERGED ? ` And ${messages.length - MAX_MERGED} more.` : '';
    const merged: Finding = { code: list[0].code, pointer: list[0].pointer, message: messages.slice(0, MAX_MERGED).join(' ') + more };
    if (list[0].severity) merged.severity = list[0].severity;
    return merged;
  });
}

function listOf(what: string, items: readonly string[]): string {
  return items.length === 0 ? '' : `; ${what}: ${items.join(', ')}`;
}
