import type { Problem } from '../problem.js';
import type { TrailKind } from '../navigation/model.js';
import type { GroupDisplay } from './group-moves.js';

/** One ancestor of a page or group. */
export interface TrailItem {
  kind: TrailKind;
  label: string;
}

/** One page of the site, in navigation order. */
export interface ResolvedPage {
  /**
   * Stable id: the JSON pointer of its entry in docs.json; a page generated from a spec, the
   * pointer of the `openapi` value plus `#METHOD /path` (`#WEBHOOK name`), of the `asyncapi`
   * value plus `#channel <id>`. `nav` refers to pages by it.
   */
  id: string;
  /** The page path (the URL path without the leading `/`). */
  path: string;
  /** `endpoint`: generated from a spec (an OpenAPI operation or an AsyncAPI channel), or a page of an operation. */
  kind: 'page' | 'endpoint';
  /**
   * The title: front matter `title`, else the operation's summary, else one made from the path.
   * `null` where the platform has none: under the platform profile, a front matter `title:` left
   * empty (null in YAML); `""` stays `""`, as the platform keeps it.
   */
  title: string | null;
  /** Ancestors from the outermost in: language, version, product, tab, anchor, dropdown, menu, groups. */
  trail: TrailItem[];
  /** Not shown in navigation (`hidden: true` above it, or `x-hidden` on the operation). */
  hidden: boolean;
  /** The trail's labels, when `styling.eyebrows` is `breadcrumbs`. */
  breadcrumbs?: string[];
  /** Front matter `sidebarTitle`: the title shown in the sidebar instead of `title`. */
  sidebarTitle?: string;
  /** Front matter `icon`. */
  icon?: NavIcon;
  /** Front matter `tag`: a short label shown beside the title, e.g. "NEW". */
  tag?: string;
  /** The code of the language the page is in (the nearest `language` above it). */
  language?: string;
  /** Ordinary pages: the `.mdx`/`.md` file found under the docs root (root-relative). */
  file?: string;
  /**
   * The operation of an endpoint page (generated from a spec), or of an ordinary page whose
   * front matter says `openapi: "METHOD /path"`: the spec (root-relative path or URL), the
   * method (upper case, or `WEBHOOK`), the path (or webhook name) and the operationId.
   */
  openapi?: PageOperation;
  /** The AsyncAPI channel a page generated from an `asyncapi` spec documents. */
  asyncapi?: PageChannel;
  /** The query, mutation or type a page generated from a tab's `graphql` schema documents. */
  graphql?: PageGraphql;
  deprecated?: boolean;
  /** The operation's summary (endpoint pages). */
  summary?: string;
  /** The operation's description (a channel's, or its summary); on an ordinary page, its front matter `description`. */
  description?: string;
  /** JSON pointer of the entry in docs.json (or of the `openapi` value that generated the page). */
  source: string;
  /**
   * Under the platform profile, a generated page the platform does not serve: another generated
   * page it writes later (page-urls.ts) wants the same path and is served there (this is its id).
   * `path` is that contested path; a sitemap or `llms.txt` leaves the page out.
   */
  lostTo?: string;
}

/** The OpenAPI operation a page documents. */
export interface PageOperation {
  file: string;
  method: string;
  path: string;
  operationId?: string;
}

/** The AsyncAPI channel a page documents: the spec (root-relative path or URL) and the channel's id (its key in `channels`). */
export interface PageChannel {
  file: string;
  channel: string;
}

/** What a page generated from a GraphQL schema documents: the schema (root-relative path or URL), and a query, mutation or type by name. */
export interface PageGraphql {
  file: string;
  kind: 'query' | 'mutation' | 'type';
  name: string;
}

/** One group of the navigation (including the groups generated from OpenAPI tags). */
export interface ResolvedGroup {
  /** Stable id, the same as its `nav` node's: the group's JSON pointer (generated: the `openapi` pointer plus `#group:<label>`). */
  id: string;
  label: string;
  /** The group's ancestors (not including itself). */
  trail: TrailItem[];
  topLevel: boolean;
  /** Display state on page load: top-level groups are always expanded; nested ones per `expanded`. */
  display: GroupDisplay;
  /** `root`: the page opened when the group title is clicked. */
  root?: string;
  /** The first visible page inside the group, depth first: the drilldown target. */
  firstPage?: string;
  /** Made by bulk generation from an OpenAPI spec's tags (or an AsyncAPI spec's channels). */
  generated: boolean;
  hidden: boolean;
  source: string;
}

/** What a `nav` node is: the navigation root, a division, a menu item or a group. */
export type NavKind = 'navigation' | TrailItem['kind'];

/** An icon as docs.json gives it: a name, or `{ name, style?, library? }`. */
export type NavIcon = string | { name: string; style?: string; library?: string };

/** A page in `nav`: a reference to `pages[]` by id. */
export interface NavPageRef {
  kind: 'page';
  /** The `id` of a page in `pages`. */
  page: string;
}

/**
 * One element of the nested navigation: the root, every division (language, version, product,
 * tab, anchor, dropdown, menu item) and every group (generated ones too), with its children
 * (elements and page references) in navigation order.
 */
export interface NavNode {
  /** Stable id: the element's JSON pointer in docs.json (`/navigation/tabs/0`). */
  id: string;
  kind: NavKind;
  /** The tab's, group's, … name; a language's code; `""` for the root. */
  label: string;
  icon?: NavIcon;
  /** A link-only division (or a version/language that links out). */
  href?: string;
  /** Hidden itself or under a hidden element. */
  hidden: boolean;
  /** Versions and languages: the default one of its siblings (`default: true`, else the first). */
  default?: boolean;
  tag?: string;
  /** Groups: their display state on page load. */
  display?: GroupDisplay;
  /** Groups: the page opened when the title is clicked. */
  root?: string;
  /** Groups with `root`: the `id` of that page in `pages` (it is not one of `children`). */
  rootPage?: string;
  /** Groups made by bulk generation from an OpenAPI spec. */
  generated?: boolean;
  /** A version's or language's own `global` links. */
  global?: GlobalLink[];
  children: Array<NavNode | NavPageRef>;
}

/** An entry of a `global` object (`global.anchors`, `global.tabs`, …): a link shown on every page. */
export interface GlobalLink {
  /** Its JSON pointer. */
  id: string;
  kind: 'anchor' | 'tab' | 'dropdown' | 'language' | 'version' | 'product';
  label: string;
  href?: string;
  icon?: NavIcon;
  hidden: boolean;
}

/** The version of the page tree's JSON format; it changes only when a field changes meaning or goes away. */
export const PAGE_TREE_VERSION = 1;

export interface PageTree {
  /** The page tree format's version (schema/page-tree.schema.json). */
  version: typeof PAGE_TREE_VERSION;
  /** Every page, flat, in navigation order. */
  pages: ResolvedPage[];
  /** Every group, flat, in navigation order. */
  groups: ResolvedGroup[];
  /** The nested navigation: the root node, pages by reference. */
  nav: NavNode;
  /** The site's global links (`navigation.global`). */
  global: GlobalLink[];
}

export interface ResolveResult {
  file: string;
  tree: PageTree;
  /** Validation and resolution problems together. */
  problems: Problem[];
  sources: Record<string, string>;
}
