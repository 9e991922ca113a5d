/**
 * The one pipeline after the checks: walks the navigation, reads the specs in scope through
 * the loader, expands endpoint entries and bulk generation, gives every page its platform
 * URL, and reports what only this walk can see (endpoint-not-found, endpoint-excluded,
 * openapi-invalid, openapi-warning, openapi-remote, slug-collision, unsafe-slug, too-deep).
 * `validate` and `resolve` both run it, so they report the same problems on the same input.
 * Synchronous: remote specs are fetched (by resolve, with allowRemote) before it runs.
 *
 * This module walks and emits pages; each other job is a module of its own: the specs of an
 * `openapi` scope (specs-in-scope.ts), an endpoint entry looked up in a spec
 * (endpoint-entries.ts), page files' front matter (page-front-matter.ts), safe page paths
 * (page-path-safety.ts), page URLs settled once every page is known (page-urls.ts), and the
 * child arrays the platform leaves out (dropped-arrays.ts).
 */
import type { ValidationCache } from '../cache/memory.js';
import type { KeptPages } from '../pages/kept.js';
import { platformPagePath, tidyPage } from '../navigation/entries.js';
import { ELEMENTS, isPlainObject, NAME_FIELD } from '../navigation/model.js';
import { generatesAsyncapi } from '../navigation/asyncapi.js';
import { generatesGraphql, graphqlSource, isGraphqlUrl } from '../navigation/graphql.js';
import { escapesRoot, isUrl, openapiSources } from '../navigation/openapi.js';
import { listedInOwnPages, pointerOf, walkNavigation, type ElementNode, type NavigationVisitor, type PageNode } from '../navigation/walk.js';
import type { FileReader } from '../files.js';
import type { Finding } from '../problem.js';
import { PAGE_FILE, pageFileIn, type DocsFiles } from '../docs-root.js';
import { readAsPage } from '../platform-ignores.js';
import type { Profile } from '../config/profiles.js';
import { lookUpEntry, type EndpointEntry } from './endpoint-entries.js';
import { MAX_NAVIGATION_DEPTH } from '../limits.js';
import { initialDisplay } from './group-moves.js';
import { DroppedArrays } from './dropped-arrays.js';
import { mergeByCode, mergeByPointer } from './merge-findings.js';
import { emptyPageTree, NavBuilder } from './nav.js';
import { generatedGroups, generatedPagePath, indexSpec, pageTitle, type Operation } from './operations.js';
import { channelDescription, channelGroups } from './asyncapi.js';
import { GRAPHQL_SECTIONS, graphqlPagePath, graphqlRouteKey } from './graphql.js';
import { applyFrontMatter, PageFrontMatterReader } from './page-front-matter.js';
import { ANY_DANGER, dangerIn, HAS_URL_BREAKING, urlBreakingIn } from './page-path-safety.js';
import { PageUrls, type WriteOrder } from './page-urls.js';
import { languageOverrideLosses } from '../settings/index.js';
import { generatorChildLosses } from '../schema/strict-objects.js';
import { titleFromSlug } from './slug.js';
import { SpecsInScope } from './specs-in-scope.js';
import type { SpecLoader } from './specs.js';
import type { PageOperation as PageOperationInfo, PageTree, ResolvedGroup, ResolvedPage, TrailItem } from './types.js';

/** The deepest trail the page tree holds: the navigation depth docsnav follows (src/limits.ts). */
const MAX_TRAIL = MAX_NAVIGATION_DEPTH;

/** What the walk found, in navigation order, before any spec is read. */
type Step =
  | { type: 'group'; group: ResolvedGroup }
  | { type: 'entry'; node: PageNode }
  | { type: 'bulk'; owner: ElementNode }
  | { type: 'channels'; owner: ElementNode }
  | { type: 'graphql'; owner: ElementNode };

interface ElementState {
  trail: TrailItem[];
  hidden: boolean;
  /** Below the depth limit: left out of the tree (said once, at the element that passes it). */
  tooDeep?: boolean;
  group?: ResolvedGroup;
  /** An endpoint entry below relies on this element's `openapi`: no bulk generation. */
  specUsed?: boolean;
  /** Its place in the navigation, parents first: when the platform generates its pages in bulk. */
  order: number;
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
  /** Front matter kept between runs (`PageFrontMatterOptions.keptPages`). */
  keptPages?: KeptPages;
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

export class TreeBuilder {
  private readonly states = new Map<ElementNode, ElementState>();
  private readonly steps: Step[] = [];
  /** Every path a page wants, settled once every page is known. */
  private readonly urls: PageUrls;
  /** The last element whose pages were seen, and its state: one map lookup per element, not per page. */
  private lastParent: ElementNode | undefined;
  private lastState: ElementState | undefined;
  /** Each group's first visible page, as a page (its URL is known only at the end). */
  private readonly firstPages = new Map<ResolvedGroup, ResolvedPage>();
  /** Every GraphQL page so far, by the key the platform's routes collide on (graphql.ts's `graphqlRouteKey`). */
  private readonly graphqlRoutes = new Map<string, { path: string; file: string; kind: string; name: string; pointer: string }>();
  private readonly breadcrumbs: boolean;
  /**
   * Findings of the bulk generation under way. They all point at one `openapi` value, where
   * the sink keeps one finding per code, so they are collected and reported together.
   */
  private bulkFindings: Finding[] | undefined;
  /** The specs in each `openapi` scope, loaded through the loader. */
  private readonly specs: SpecsInScope;
  /** Page files' front matter, read and checked once. */
  private readonly frontMatter: PageFrontMatterReader;
  /** Page files are read (a reader and a listing were given). */
  private readonly readsPages: boolean;
  /** The docs root's files, where page entries are looked up as the platform looks them up. */
  private readonly files: DocsFiles | undefined;
  private readonly report: (finding: Finding) => void;
  private readonly keepTree: boolean;
  private readonly immediate: boolean;
  private readonly tree: PageTree = emptyPageTree();
  /** The nested navigation (`nav`), built beside the flat lists when the tree is kept. */
  private readonly nav: NavBuilder | undefined;
  private planned = false;
  private readonly dropsLikePlatform: boolean;
  /** Under the platform profile: what the platform leaves out of the tree (child arrays dropped whole). */
  private readonly drops: DroppedArrays;
  /** Elements entered, and endpoint entries emitted: the order the platform writes generated pages in. */
  private elementCount = 0;
  private entryCount = 0;

  constructor(
    private readonly docs: unknown,
    options: TreeBuilderOptions,
  ) {
    this.report = options.report;
    this.urls = new PageUrls(options.profile?.crossSpecClash ?? 'suffix');
    this.dropsLikePlatform = options.profile?.name === 'platform';
    this.drops = new DroppedArrays(this.dropsLikePlatform);
    this.specs = new SpecsInScope(options.loader, options.profile, options.report, options.reportIn);
    this.frontMatter = new PageFrontMatterReader({ ...options, keepsEmptyTitles: this.dropsLikePlatform });
    this.readsPages = options.reader !== undefined && options.files !== undefined;
    this.files = options.files;
    this.keepTree = options.keepTree ?? true;
    this.immediate = options.immediate ?? false;
    this.nav = this.keepTree ? new NavBuilder(MAX_TRAIL, this.dropsLikePlatform) : undefined;
    const styling = isPlainObject(docs) ? docs.styling : undefined;
    this.breadcrumbs = isPlainObject(styling) && styling.eyebrows === 'breadcrumbs';
    // A language's own settings the platform refuses cost the array holding it, as a malformed entry does (issue 65).
    if (options.profile?.checksSettings) this.loseArraysAround(languageOverrideLosses(docs));
    // A generating tab with children beside `groups` fails on the platform (mixed-children says so): the array around it
    // goes. Under the platform profile only: `drops` keeps no loss under another (test/resolve/generator-children.test.ts).
    this.loseArraysAround(generatorChildLosses(docs));
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
        if (this.drops.dropped(node)) return;
        if (this.dropsLikePlatform) this.drops.noteKeptChild(node);
        this.enter(node);
        nav?.element?.(node);
      },
      page: (node) => {
        if (this.drops.pageDropped(node)) return;
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
        if (this.drops.leftOut(node)) return;
        nav?.leave?.(node);
        const state = this.states.get(node);
        if (state?.tooDeep) return;
        if (node.openapi?.owner === node && !state?.specUsed) {
          if (this.immediate) this.emitBulk(node, this.tree);
          else this.steps.push({ type: 'bulk', owner: node });
        }
        // The platform generates channel pages after every OpenAPI page, and puts them after the element's own.
        if (generatesAsyncapi(node, this.dropsLikePlatform)) {
          if (this.immediate) this.emitChannels(node, this.tree);
          else this.steps.push({ type: 'channels', owner: node });
        }
        // A tab's GraphQL groups go after its own groups.
        if (generatesGraphql(node)) {
          if (this.immediate) this.emitGraphql(node, this.tree);
          else this.steps.push({ type: 'graphql', owner: node });
        }
      },
    };
  }

  /**
   * Under the platform profile: the platform drops these child arrays whole, each named by its
   * division's pointer and key (a malformed entry inside it: `arrayLostTo`). Given before the walk.
   */
  loseArraysAround(lost: Iterable<{ division: string; key: string }>): void {
    this.drops.loseArraysAround(lost);
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
      if (step.type === 'group' || step.type === 'channels' || step.type === 'graphql') continue;
      if (step.type === 'bulk') {
        for (const { source } of this.specs.of(step.owner.openapi)) wanted.add(source);
        continue;
      }
      const entry = step.node.entry;
      // Stryker disable next-line ConditionalExpression,StringLiteral: a page's scope is wanted anyway, by the endpoint entry that marked it used (markSpecUse) or else by its bulk step; a page reads no spec of its own.
      if (entry.kind === 'page') continue;
      if (entry.specfile !== undefined) wanted.add(entry.specfile);
      else for (const { source } of this.specs.of(step.node.parent.openapi)) wanted.add(source);
    }
    return wanted;
  }

  /** Every AsyncAPI source the steps use (for fetching remote ones before `build`). */
  asyncapiSources(): Set<string> {
    this.plan();
    const wanted = new Set<string>();
    for (const step of this.steps) if (step.type === 'channels') for (const { source } of openapiSources(step.owner.value.asyncapi)) wanted.add(source);
    return wanted;
  }

  /** Every GraphQL schema URL the steps use (for fetching them before `build`). */
  graphqlSources(): Set<string> {
    this.plan();
    const wanted = new Set<string>();
    for (const step of this.steps) {
      if (step.type !== 'graphql') continue;
      const { source } = graphqlSource(step.owner.value.graphql)!;
      if (isGraphqlUrl(source)) wanted.add(source);
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
      else if (step.type === 'channels') this.emitChannels(step.owner, tree);
      else if (step.type === 'graphql') this.emitGraphql(step.owner, tree);
      else this.emitEntry(step.node, tree);
    }
    this.steps.length = 0;
    this.frontMatter.overGeneratedPages(tree);
    // A schema's pages may clash with generated pages (settle) and with page files: one finding at the schema.
    for (const finding of mergeByPointer([...this.urls.settle(), ...this.pageFilesAtGraphqlRoutes()])) this.report(finding);
    for (const [group, page] of this.firstPages) group.firstPage = page.path;
    this.nav?.finish(tree);
    this.urls.markLost();
    return tree;
  }

  /**
   * Checks the front matter of the page files no entry lists, which the platform's build parses
   * too (`PageFrontMatterReader.checkUnlisted`); `ignored`: what the platform leaves out of the
   * docs root. Once the tree is built (every listed page read).
   */
  checkUnlistedPages(ignored: (file: string) => boolean): void {
    if (this.readsPages) this.frontMatter.checkUnlisted(ignored);
  }

  /** The ordinary page paths listed that the tree does not hold (validation keeps no tree of them). */
  untreedPagePaths(): Iterable<string> {
    return this.keepTree ? [] : this.urls.authoredPaths();
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
      this.states.set(node, { trail: parentTrail, hidden: true, tooDeep: true, order: this.elementCount++ });
      return;
    }
    const state: ElementState = {
      trail: kind ? [...parentTrail, { kind, label }] : parentTrail,
      hidden: (parent?.hidden ?? false) || node.value.hidden === true,
      order: this.elementCount++,
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
        if (isUrl(root) || dangerIn(root) === undefined) group.root = root;
      }
      if (this.immediate) this.tree.groups.push(group);
      else this.steps.push({ type: 'group', group });
      state.group = group;
    }
    this.states.set(node, state);
  }

  /**
   * An endpoint entry without a spec file relies on the spec in scope: the element that names it
   * generates no pages in bulk. One that names its spec file changes nothing (prebuild's
   * generateOpenApiFromDocsConfig skips the bulk pages only for `!explicitOpenapiPath`; issue 65:
   * a group's `openapi` beside `"Specs/OpenAPI.json GET /health"` still got every other page).
   */
  private markSpecUse(node: PageNode): void {
    const entry = node.entry;
    if (entry.kind === 'page' || entry.specfile !== undefined) return;
    const owner = node.parent.openapi?.owner;
    const state = owner && this.states.get(owner);
    if (state) state.specUsed = true;
  }

  private emitBulk(owner: ElementNode, tree: PageTree): void {
    const state = this.states.get(owner)!;
    const specs = this.specs.of(owner.openapi);
    // The platform generates an element's pages from the first spec of its `openapi` array only (measured
    // with @mintlify/prebuild 1.0.1341): the others' operations get no page, and one at a path the first
    // also has is not the one served there. Said at each spec left out.
    if (this.dropsLikePlatform && specs.length > 1) {
      for (const { source, pointer } of specs.slice(1)) {
        this.report({
          code: 'openapi-warning',
          severity: 'warning',
          message: `The platform generates this element's pages from the first spec of its \`openapi\` array only (${specs[0].source}): it makes no page for the operations of "${source}". List them as endpoint entries, or give "${source}" an element of its own.`,
          pointer,
        });
      }
    }
    for (const { source, directory, pointer } of this.dropsLikePlatform ? specs.slice(0, 1) : specs) {
      const loaded = this.specs.load(source, pointer);
      if (!loaded) continue;
      const empty = this.dropsLikePlatform ? noOperationsToGenerate(loaded.spec) : undefined;
      if (empty) this.report({ code: 'openapi-invalid', message: `"${loaded.file}" ${empty}`, pointer });
      const findings: Finding[] = (this.bulkFindings = []);
      // Asked for each page of the generation and again for what is said of it: walked up once.
      let round: number | undefined;
      const write: WriteOrder = { phase: 1, order: state.order, round: () => (round ??= this.generationRound(owner)) };
      for (const generated of generatedGroups(loaded.spec, directory)) {
        const { group, trail } = this.generatedGroup(owner, state, pointer, generated.label, tree);
        for (const page of generated.pages) {
          const op = page.operation;
          if (page.page !== page.base) {
            this.say({
              code: 'slug-collision',
              message: `Two operations of "${loaded.file}" make the page "${page.base}"; ${describeOperation(op)} becomes "${page.page}" (the platform suffixes it the same way).`,
              pointer,
            });
          }
          const resolved = this.endpointPage(op, loaded.file, page.page, trail, state.hidden, pointer, owner, write);
          if (resolved) this.generatedPage(owner, group, resolved, tree);
        }
      }
      this.bulkFindings = undefined;
      for (const finding of mergeByCode(findings)) this.report(finding);
    }
  }

  /**
   * How many elements above `owner` generate OpenAPI pages in bulk (WriteOrder.round): each is awaited
   * before the platform walks below it. Asked once the walk has ended, when every endpoint entry that
   * takes an element's generation away (markSpecUse) is known.
   */
  private generationRound(owner: ElementNode): number {
    let round = 0;
    for (let above = owner.parent; above; above = above.parent) {
      if (above.openapi?.owner === above && this.states.get(above)?.specUsed !== true) round++;
    }
    return round;
  }

  /** A group generated from a spec (an OpenAPI tag's, an AsyncAPI channel tag's) under `owner`, and its pages' trail. */
  private generatedGroup(
    owner: ElementNode,
    state: ElementState,
    pointer: string,
    label: string,
    tree: PageTree,
  ): { group: ResolvedGroup; trail: TrailItem[] } {
    const topLevel = owner.kind !== 'group';
    const group: ResolvedGroup = {
      id: pointer,
      label,
      trail: state.trail,
      topLevel,
      display: initialDisplay(topLevel, undefined),
      generated: true,
      hidden: state.hidden,
      source: pointer,
    };
    tree.groups.push(group);
    return { group, trail: [...state.trail, { kind: 'group', label }] };
  }

  /** A page generated into `group`: in the tree, and the first page of its group (and of `owner` and the groups above) when shown. */
  private generatedPage(owner: ElementNode, group: ResolvedGroup, page: ResolvedPage, tree: PageTree): void {
    if (!page.hidden) {
      if (!this.firstPages.has(group)) this.firstPages.set(group, page);
      // The owner (when a group) and the groups above it lead to this page too.
      this.setFirstPage(owner, page);
    }
    tree.pages.push(page);
  }

  /**
   * The pages the platform makes from an element's own `asyncapi`: one per channel of each spec
   * (asyncapi.ts), in generated groups after the element's other children.
   */
  private emitChannels(owner: ElementNode, tree: PageTree): void {
    const state = this.states.get(owner)!;
    for (const { source, directory, at } of openapiSources(owner.value.asyncapi)) {
      const pointer = pointerOf(owner.path, 'asyncapi', ...at);
      const loaded = this.specs.loadAsyncapi(source, pointer);
      if (!loaded) continue;
      const findings: Finding[] = (this.bulkFindings = []);
      for (const generated of channelGroups(loaded.spec, directory)) {
        const { group, trail } = this.generatedGroup(owner, state, pointer, generated.label, tree);
        for (const { channel, page: wanted, base, title } of generated.pages) {
          if (wanted !== base) {
            this.say({
              code: 'slug-collision',
              message: `Two channels of "${loaded.file}" make the page "${base}"; channel "${channel.id}" becomes "${wanted}" (the platform suffixes it the same way).`,
              pointer,
            });
          }
          if (!this.safePath(wanted, pointer)) continue;
          const page: ResolvedPage = {
            id: pointer,
            path: wanted,
            kind: 'endpoint',
            title,
            trail,
            hidden: state.hidden,
            asyncapi: { file: loaded.file, channel: channel.id },
            source: pointer,
          };
          const description = channelDescription(channel);
          if (description !== undefined) page.description = description;
          this.finishPage(page, trail);
          this.checkUnsafe(page.path, pointer);
          this.urls.claim(page, loaded.file, `channel ${channel.id}`, owner.section, pointer, { phase: 2, order: state.order });
          this.generatedPage(owner, group, page, tree);
        }
      }
      this.bulkFindings = undefined;
      for (const finding of mergeByCode(findings)) this.report(finding);
    }
  }

  /**
   * The pages the platform makes from a tab's `graphql` schema (graphql.ts): the groups
   * "Queries", "Mutations" and "Types", after the tab's own. Two pages at one URL to the platform
   * (its routes ignore case), unless the same page of the same schema, fail its build.
   */
  private emitGraphql(owner: ElementNode, tree: PageTree): void {
    const state = this.states.get(owner)!;
    const { source, directory, at } = graphqlSource(owner.value.graphql)!;
    const pointer = pointerOf(owner.path, 'graphql', ...at);
    const loaded = this.specs.loadGraphql(source, pointer);
    if (!loaded) return;
    const findings: Finding[] = (this.bulkFindings = []);
    for (const { section, group: label, kind } of GRAPHQL_SECTIONS) {
      const entries = loaded.reference[section];
      if (entries.length === 0) continue;
      const { group, trail } = this.generatedGroup(owner, state, pointer, label, tree);
      for (const entry of entries) {
        const wanted = graphqlPagePath(directory, section, entry.name);
        const key = graphqlRouteKey(wanted);
        const before = this.graphqlRoutes.get(key);
        if (before === undefined) this.graphqlRoutes.set(key, { path: wanted, file: loaded.file, kind, name: entry.name, pointer });
        else if (before.path !== wanted || before.file !== loaded.file || before.kind !== kind || before.name !== entry.name) {
          this.say({
            code: 'graphql-invalid',
            message: `The GraphQL pages "${before.path}" (${before.kind} ${before.name} of "${before.file}") and "${wanted}" (${kind} ${entry.name} of "${loaded.file}") are one URL to the platform, whose routes ignore case; it fails the build.`,
            pointer,
          });
          // The build fails: no page is served there, and the clash is said once, here.
          continue;
        }
        if (!this.safePath(wanted, pointer)) continue;
        const page: ResolvedPage = {
          id: pointer,
          path: wanted,
          kind: 'endpoint',
          title: entry.name,
          trail,
          hidden: state.hidden,
          tag: entry.tag,
          graphql: { file: loaded.file, kind, name: entry.name },
          source: pointer,
        };
        if (entry.description !== undefined) page.description = entry.description;
        if (entry.deprecated) page.deprecated = true;
        this.finishPage(page, trail);
        this.checkUnsafe(page.path, pointer);
        this.urls.claim(page, loaded.file, `${kind} ${entry.name}`, owner.section, pointer, { phase: 3, order: state.order });
        this.generatedPage(owner, group, page, tree);
      }
    }
    this.bulkFindings = undefined;
    for (const finding of mergeByCode(findings)) this.report(finding);
  }

  /**
   * A page file at the route of a GraphQL page fails the platform's build ("User page route … collides
   * with generated GraphQL route …", prebuild 1.0.1341's preserveAutoGeneratedMetadata), listed in the
   * navigation or not: it reads every page file, and compares routes without case. One pass over the
   * root's files, only when a schema made pages.
   */
  private pageFilesAtGraphqlRoutes(): Finding[] {
    if (this.graphqlRoutes.size === 0) return [];
    const findings: Finding[] = [];
    const pages: Array<[file: string, page: string]> = [];
    for (const file of this.files?.list?.() ?? []) {
      const page = PAGE_FILE.exec(file)?.[1];
      if (page !== undefined && readAsPage(file)) pages.push([file, page]);
    }
    // In the order of their paths, whatever order the listing has.
    pages.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [file, page] of pages) {
      const route = this.graphqlRoutes.get(graphqlRouteKey(page));
      if (route === undefined) continue;
      findings.push({
        code: 'graphql-invalid',
        message: `The page file "${file}" is at the route of the GraphQL page "${route.path}" (${route.kind} ${route.name} of "${route.file}"), to the platform, whose routes ignore case; it fails the build.`,
        pointer: route.pointer,
      });
    }
    return findings;
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
  private checkOrdinaryPage(raw: string, clean: string, node: PageNode): void {
    let pagePath = clean;
    // A plain page path passes every check below.
    if (!node.plain) {
      if (isUrl(raw) || escapesRoot(clean)) return;
      pagePath = this.pageUrl(raw, clean);
      if (ANY_DANGER.test(pagePath)) {
        this.safePath(pagePath, pointerOf(node.path));
        return;
      }
      if (pagePath === clean && HAS_URL_BREAKING.test(pagePath)) this.checkUnsafe(pagePath, pointerOf(node.path));
    }
    this.urls.authoredPage(node.parent.section, pagePath);
    if (this.readsPages) this.frontMatter.read(pagePath);
  }

  private ordinaryPage(raw: string, clean: string, node: PageNode, state: ElementState, pointer: string): ResolvedPage | undefined {
    // A path that climbs out of the root is path-outside-root (the rule's); it never reaches the tree.
    if (!isUrl(raw) && escapesRoot(clean)) return undefined;
    const pagePath = isUrl(raw) ? clean : this.pageUrl(raw, clean);
    if (!isUrl(raw) && !this.safePath(pagePath, pointer)) return undefined;
    const found = isUrl(raw) ? undefined : this.frontMatter.read(pagePath);
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
        // The platform titles and describes the page from the operation, unless the front matter says;
        // never from a webhook, which its lookup does not find (page-front-matter.ts `webhookUnused`).
        if (operation.operation.method !== 'webhook' || !this.dropsLikePlatform) {
          if (operation.operation.summary) page.title = operation.operation.summary;
          if (operation.operation.description !== undefined) page.description = operation.operation.description;
        }
        page.openapi = pageOperation(operation.operation, operation.file);
      }
      // An `asyncapi` value titles and describes the page over an `openapi` operation, found or not
      // (getDecoratedNavPageAndSlug), unless the front matter says.
      if (found.channel) {
        page.title = found.channel.title ?? titleFromSlug(pagePath);
        page.description = found.channel.description;
      }
      if (found.data) applyFrontMatter(page, found.data, this.frontMatter.keepsEmptyTitles);
    }
    this.finishPage(page, state.trail);
    // An entry the platform links as written (` a`, `a.mdx`) is page-path's to report.
    if (pagePath === clean) this.checkUnsafe(page.path, pointer);
    this.urls.authoredPage(node.parent.section, pagePath);
    return page;
  }

  /**
   * An ordinary page entry's URL, as the platform links it (platform-facts §1a): the path of the
   * page file it finds, else the entry as written, normalized (`missing/`, `a.mdx`, ` a`). Without
   * a docs root to look in, the path a file would be found at.
   */
  private pageUrl(raw: string, clean: string): string {
    if (raw === clean) return clean;
    const { key, missing } = platformPagePath(raw);
    return this.files === undefined || pageFileIn(this.files, key) !== undefined ? key : missing;
  }

  /** What every page gets from where it is: its language (the nearest above it) and breadcrumbs. */
  private finishPage(page: ResolvedPage, trail: readonly TrailItem[]): void {
    const language = trail.findLast((item) => item.kind === 'language');
    if (language) page.language = language.label;
    if (this.breadcrumbs) page.breadcrumbs = trail.map((item) => item.label);
  }

  private endpointEntry(entry: EndpointEntry, node: PageNode, state: ElementState, pointer: string): ResolvedPage | undefined {
    // A named spec file's problems belong to the entry; the scope's, to its `openapi` value. Its
    // pages go in the directory of the scope the entry is in, whichever file it names (prebuild's
    // `currentDirectory`: the nearest `openapi`'s, its first spec's in an array; issue 65).
    // Under an `openapi` array the platform looks an entry up in the first spec only (measured with prebuild; issue 65).
    const scope = this.specs.of(node.parent.openapi);
    const candidates =
      entry.specfile !== undefined
        ? [{ source: entry.specfile, at: [], directory: scope[0]?.directory, pointer }]
        : this.dropsLikePlatform
          ? scope.slice(0, 1)
          : scope;
    let firstMiss: string | undefined;
    let firstSuggest: string | undefined;
    let anyLoaded = false;
    for (const { source, directory, pointer: specPointer } of candidates) {
      const loaded = this.specs.load(source, specPointer);
      if (!loaded) continue;
      anyLoaded = true;
      const lookup = lookUpEntry(entry, indexSpec(loaded.spec), loaded.file);
      if (lookup.kind === 'found') return this.endpointFromEntry(lookup.operation, loaded.file, directory, node, state, pointer);
      firstMiss ??= lookup.message;
      firstSuggest ??= lookup.suggest;
    }
    if (anyLoaded && firstMiss) {
      const finding: Finding = { code: 'endpoint-not-found', message: firstMiss, pointer };
      if (firstSuggest) finding.suggest = entry.specfile ? `${entry.specfile} ${firstSuggest}` : firstSuggest;
      const other = entry.specfile === undefined ? this.laterSpecHaving(entry, scope.slice(candidates.length)) : undefined;
      if (other !== undefined) {
        finding.message = `${firstMiss} The platform looks an entry up in the first spec of its \`openapi\` array only; "${other}" has it: name that file in the entry.`;
        finding.suggest = `${other} ${node.value}`;
      }
      this.report(finding);
    }
    return undefined;
  }

  /** The first of the `openapi` array's other specs that has the entry's operation (the platform does not look there). */
  private laterSpecHaving(entry: EndpointEntry, rest: ReturnType<SpecsInScope['of']>): string | undefined {
    for (const { source, pointer } of rest) {
      const loaded = this.specs.load(source, pointer);
      if (loaded && lookUpEntry(entry, indexSpec(loaded.spec), loaded.file).kind === 'found') return source;
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
    const write: WriteOrder = { phase: 0, order: this.entryCount++ };
    return this.endpointPage(op, file, generatedPagePath(op, directory), state.trail, state.hidden, pointer, node.parent, write);
  }

  private endpointPage(
    op: Operation,
    file: string,
    wanted: string,
    trail: TrailItem[],
    hidden: boolean,
    pointer: string,
    element: ElementNode,
    write: WriteOrder,
  ): ResolvedPage | undefined {
    if (!this.safePath(wanted, pointer)) return undefined;
    const method = op.method.toUpperCase();
    const page: ResolvedPage = {
      id: pointer,
      path: wanted,
      kind: 'endpoint',
      title: pageTitle(op, wanted, file),
      trail,
      hidden: hidden || op.hidden,
      openapi: pageOperation(op, file),
      deprecated: op.deprecated,
      source: pointer,
    };
    if (op.summary !== undefined) page.summary = op.summary;
    if (op.description !== undefined) page.description = op.description;
    // `x-mint.metadata` is the generated page's front matter.
    if (op.metadata) applyFrontMatter(page, op.metadata);
    this.finishPage(page, trail);
    this.checkUnsafe(page.path, pointer);
    this.urls.claim(page, file, `${method} ${op.path}`, element.section, pointer, write);
    return page;
  }

  /**
   * A page path a site generator can write under its output folder: no `..` or `.` segment,
   * no leading `/`, no drive letter, no backslash, no control characters. Anything else is
   * left out of the tree with an unsafe-slug (an `x-mint.href` of `../../etc/x`, a path with
   * an escape sequence).
   */
  private safePath(page: string, pointer: string): boolean {
    const why = dangerIn(page);
    if (why === undefined) return true;
    this.say({ code: 'unsafe-slug', message: `Page path ${JSON.stringify(page)} ${why}; it is left out of the page tree.`, pointer });
    return false;
  }

  private checkUnsafe(page: string, pointer: string): void {
    const kinds = urlBreakingIn(page);
    if (!kinds) return;
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

/** The operation details a page carries. */
function pageOperation(op: Operation, file: string): PageOperationInfo {
  const info: PageOperationInfo = { file, method: op.method.toUpperCase(), path: op.path };
  if (op.operationId !== undefined) info.operationId = op.operationId;
  return info;
}

function describeOperation(op: Operation): string {
  return op.method === 'webhook' ? `webhook ${op.path}` : `${op.method.toUpperCase()} ${op.path}`;
}

/**
 * Why the platform's bulk generation fails on a spec (@mintlify/scraping
 * generateOpenApiPagesForDocsConfig), if it does: a spec written `openapi: 3.0.0` exactly with no
 * paths ("No paths defined."), or `3.1.0` exactly with neither paths nor webhooks ("No paths or
 * webhooks defined."); any other version with none makes no page and fails nothing (issue 65).
 */
function noOperationsToGenerate(spec: unknown): string | undefined {
  if (!isPlainObject(spec)) return undefined;
  // As the platform tests it: `undefined`, or an object with no keys (null or a string is not "none" there).
  const none = (value: unknown) => value === undefined || (isPlainObject(value) && Object.keys(value).length === 0);
  if (spec.openapi === '3.0.0' && none(spec.paths)) {
    return 'is written `openapi: 3.0.0` and has no paths: generating its pages, the platform fails the build ("No paths defined."). Add the paths, or remove the `openapi` that names it.';
  }
  if (spec.openapi === '3.1.0' && none(spec.paths) && none(spec.webhooks)) {
    return 'is written `openapi: 3.1.0` and has neither paths nor webhooks: generating its pages, the platform fails the build ("No paths or webhooks defined."). Add them, or remove the `openapi` that names it.';
  }
  return undefined;
}
