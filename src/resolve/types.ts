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
  /** The page path (the URL path without the leading `/`). */
  path: string;
  kind: 'page' | 'endpoint';
  title: string;
  /** Ancestors from the outermost in: language, version, product, tab, anchor, dropdown, menu, groups. */
  trail: TrailItem[];
  /** Not shown in navigation (`hidden: true` above it, or `x-hidden` on the operation). */
  hidden: boolean;
  /** The trail's labels, when `styling.eyebrows` is `breadcrumbs`. */
  breadcrumbs?: string[];
  /** Ordinary pages: the `.mdx`/`.md` file found under the docs root (root-relative). */
  file?: string;
  /** Endpoint pages: the spec (root-relative path or URL) and the operation. */
  openapi?: { file: string; method: string; path: string };
  deprecated?: boolean;
  summary?: string;
  description?: string;
  /** JSON pointer of the entry in docs.json (or of the `openapi` value that generated the page). */
  source: string;
}

/** One group of the navigation (including the groups generated from OpenAPI tags). */
export interface ResolvedGroup {
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
  /** Made by bulk generation from an OpenAPI spec's tags. */
  generated: boolean;
  hidden: boolean;
  source: string;
}

export interface PageTree {
  pages: ResolvedPage[];
  groups: ResolvedGroup[];
}

export interface ResolveResult {
  file: string;
  tree: PageTree;
  /** Validation and resolution problems together. */
  problems: Problem[];
  sources: Record<string, string>;
}
