/**
 * mint.json's navigation as the platform upgrades it to docs.json's (`updateNavigationToDocsConfig`
 * in @mintlify/validation, whose rules this follows, quirks included, so that the page tree is the
 * one the platform builds): the sidebar groups are shared out among the tabs and anchors by URL
 * prefix (a page belongs to the division whose `url` its path starts with, a more specific
 * division first); the groups no division takes go to a primary tab or anchor (`primaryTab`,
 * `topAnchor`, else "Documentation"); tabs nested under an anchor's URL (or anchors under a
 * tab's) become that division's children; tabs and anchors that are all external links become
 * `global` links; `versions` become docs.json versions (or languages, when every one has a
 * `locale`), each with the groups of its version and the divisions again inside it.
 *
 * Unlike the platform's code, it never throws: a value the legacy check rejects (the build fails
 * on it first) is read as the nearest thing the upgrade can use, or left out. Every object it makes
 * and every value it sets records where in the mint.json it came from (origins.ts).
 */
import { MAX_NAVIGATION_DEPTH } from '../limits.js';
import { childPointer } from '../source/pointer.js';
import type { UpgradeOrigins } from './origins.js';

type Json = Record<string, unknown>;

/** A navigation group as the upgrade holds it at one step: where it is in the mint.json, its fields, its entries. */
interface Group {
  at: string;
  /** The group object of the mint.json (its `group`, `icon`, `iconType`, `version`, … as written). */
  raw: Json;
  pages: Entry[];
  /** Made by the version split: only `group` and `icon` count, its `version` no longer does. */
  reshaped: boolean;
}

interface Page {
  at: string;
  page: string;
  /** `/page/`: the form a division's url is matched against, made once. */
  key: string;
}

type Entry = Page | Group;

/** A tab or an anchor of the mint.json. */
interface Division {
  at: string;
  raw: Json;
  url: unknown;
  version: unknown;
}

type DivisionType = 'tabs' | 'anchors';

/** Groups nested deeper than this are left out (and reported): as deep as a docs.json's navigation is followed (src/limits.ts). */
export const MAX_GROUP_DEPTH = MAX_NAVIGATION_DEPTH;

/** What the upgrade of the navigation gives: the docs.json `navigation`, and the groups too deep to follow. */
export interface NavigationUpgrade {
  navigation: Json;
  tooDeep: string[];
}

/** The docs.json `navigation` the platform makes of a (checked) mint.json value. */
export function upgradeNavigation(config: Json, origins: UpgradeOrigins): NavigationUpgrade {
  return new NavigationUpgrader(config, origins).upgrade();
}

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPage = (entry: Entry): entry is Page => 'page' in entry;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const isRemoteUrl = (url: unknown): boolean => typeof url === 'string' && (url.startsWith('https://') || url.startsWith('http://'));
const leading = (value: string): string => (value.startsWith('/') ? value : `/${value}`);
const trailing = (value: string): string => (value.endsWith('/') ? value : `${value}/`);
const isAbsoluteUrl = (url: unknown): boolean => typeof url === 'string' && URL.canParse(url);

class NavigationUpgrader {
  private readonly groups: Group[];
  private tabs: Division[];
  private anchors: Division[];
  private readonly versions: unknown[];
  private readonly tooDeep: string[] = [];

  constructor(
    private readonly config: Json,
    private readonly o: UpgradeOrigins,
  ) {
    this.groups = this.readGroups(config.navigation);
    this.tabs = this.readDivisions('tabs');
    this.anchors = this.readDivisions('anchors');
    this.versions = Array.isArray(config.versions) ? config.versions : [];
  }

  upgrade(): NavigationUpgrade {
    const navigation = this.o.record('/navigation');
    // No tabs give no global tabs (an empty list either way), no anchors no global anchors.
    const globalTabs = this.tabs.every((tab) => !tab.version && isRemoteUrl(tab.url)) ? this.tabs.map((tab) => this.globalTab(tab)) : [];
    const globalAnchors = this.anchors.every((anchor) => !anchor.version && isRemoteUrl(anchor.url))
      ? this.anchors.map((anchor) => this.globalAnchor(anchor))
      : [];
    // Versions that are all links elsewhere: the platform works them out and then leaves them out (no versions: nothing to split).
    const globalVersions = this.versions.every((version) => isRecord(version) && isRemoteUrl(version.url));
    const hasTabs = this.tabs.length > 0;
    const hasAnchors = this.anchors.length > 0;
    if (globalTabs.length > 0) this.tabs = [];
    if (globalAnchors.length > 0) this.anchors = [];
    const divisions = { hasTabs, hasAnchors };

    if (this.versions.length > 0 && !globalVersions) {
      const { key, entries } = this.splitVersions(divisions);
      this.o.set(navigation, key, entries, undefined);
    } else {
      for (const [key, value] of Object.entries(this.updated(this.groups, undefined, divisions))) this.o.set(navigation, key, value, undefined);
    }
    if (globalTabs.length > 0 || globalAnchors.length > 0) {
      const global = this.o.record(undefined);
      if (globalTabs.length > 0) this.o.set(global, 'tabs', this.o.object(globalTabs, '/tabs'), undefined);
      if (globalAnchors.length > 0) this.o.set(global, 'anchors', this.o.object(globalAnchors, '/anchors'), undefined);
      this.o.set(navigation, 'global', global, undefined);
    }
    return { navigation, tooDeep: this.tooDeep };
  }

  // ---- reading the mint.json ----

  /** The top-level groups and everything in them, iteratively; a non-object entry is left out (the legacy check rejects it). */
  private readGroups(navigation: unknown): Group[] {
    if (!Array.isArray(navigation)) return [];
    const top: Group[] = [];
    const work: Array<{ group: Group; depth: number }> = [];
    const make = (raw: Json, at: string, depth: number): Group => {
      const group: Group = { at, raw, pages: [], reshaped: false };
      work.push({ group, depth });
      return group;
    };
    navigation.forEach((value, index) => {
      if (isRecord(value)) top.push(make(value, `/navigation/${index}`, 0));
    });
    // A group's entries are listed when it is taken off the stack, its nested groups made (and filled) later: order is kept.
    while (work.length > 0) {
      const { group, depth } = work.pop()!;
      const pages = group.raw.pages;
      if (!Array.isArray(pages)) continue;
      pages.forEach((page: unknown, index: number) => {
        const at = `${group.at}/pages/${index}`;
        if (typeof page === 'string') group.pages.push({ at, page, key: leading(trailing(page)) });
        else if (isRecord(page)) {
          if (depth + 1 > MAX_GROUP_DEPTH) this.tooDeep.push(at);
          else group.pages.push(make(page, at, depth + 1));
        }
      });
    }
    return top;
  }

  private readDivisions(key: DivisionType): Division[] {
    const list = this.config[key];
    if (!Array.isArray(list)) return [];
    const out: Division[] = [];
    list.forEach((raw, index) => {
      if (isRecord(raw)) out.push({ at: `/${key}/${index}`, raw, url: raw.url, version: raw.version });
    });
    return out;
  }

  private versionOf(group: Group): unknown {
    return group.reshaped ? undefined : group.raw.version;
  }

  // ---- output pieces ----

  /** `icon`, or `{ name: icon, style: iconType }` when the mint.json gives a style. */
  private icon(raw: Json, at: string): unknown {
    if (raw.iconType) {
      const icon = this.o.record(childPointer(at, 'icon'));
      this.o.set(icon, 'name', this.value(raw.icon, childPointer(at, 'icon')), childPointer(at, 'icon'));
      this.o.set(icon, 'style', this.value(raw.iconType, childPointer(at, 'iconType')), childPointer(at, 'iconType'));
      return icon;
    }
    return this.value(raw.icon, childPointer(at, 'icon'));
  }

  /** A mint.json value carried over: objects copied with their origins, the rest as they are (as copy() gives them). */
  private value(value: unknown, from: string): unknown {
    return this.o.copy(value, from);
  }

  private field(out: Json, key: string, raw: Json, rawKey: string, at: string): void {
    this.o.set(out, key, this.value(raw[rawKey], childPointer(at, rawKey)), childPointer(at, rawKey));
  }

  /** A docs.json group of the upgraded navigation: `group`, `icon`, `pages`. */
  private docsGroup(group: Group, pages: unknown[]): Json {
    const out = this.o.record(group.at);
    this.field(out, 'group', group.raw, 'group', group.at);
    if (group.raw.icon) this.o.set(out, 'icon', this.icon(group.raw, group.at), childPointer(group.at, 'icon'));
    this.o.set(out, 'pages', pages, childPointer(group.at, 'pages'));
    return out;
  }

  /** A group's kept entries as docs.json lists them: each page with its source, each nested group as made. */
  private pageList(entries: ReadonlyArray<Page | { docs: Json }>): unknown[] {
    const list: unknown[] = [];
    for (const entry of entries) {
      if ('docs' in entry) list.push(entry.docs);
      else {
        list.push(entry.page);
        this.o.key(list, list.length - 1, entry.at);
      }
    }
    return list;
  }

  private globalTab(tab: Division): Json {
    const out = this.o.record(tab.at);
    this.field(out, 'tab', tab.raw, 'name', tab.at);
    this.field(out, 'href', tab.raw, 'url', tab.at);
    if (tab.raw.isDefaultHidden) this.field(out, 'hidden', tab.raw, 'isDefaultHidden', tab.at);
    return out;
  }

  private globalAnchor(anchor: Division): Json {
    const out = this.o.record(anchor.at);
    this.field(out, 'anchor', anchor.raw, 'name', anchor.at);
    this.field(out, 'href', anchor.raw, 'url', anchor.at);
    if (anchor.raw.icon) this.o.set(out, 'icon', this.icon(anchor.raw, anchor.at), childPointer(anchor.at, 'icon'));
    // A gradient has no place among global anchors: only a plain colour is kept.
    if (typeof anchor.raw.color === 'string') this.o.set(out, 'color', this.lightAndDark(anchor.raw.color, childPointer(anchor.at, 'color')), undefined);
    if (anchor.raw.isDefaultHidden) this.field(out, 'hidden', anchor.raw, 'isDefaultHidden', anchor.at);
    return out;
  }

  private lightAndDark(color: unknown, from: string): Json {
    const out = this.o.record(from);
    this.o.set(out, 'light', color, from);
    this.o.set(out, 'dark', color, from);
    return out;
  }

  /** The division that takes the groups no other takes: `primaryTab` / `topAnchor`, else "Documentation". */
  private primary(type: DivisionType): Json {
    if (type === 'anchors') {
      const top = isRecord(this.config.topAnchor) ? this.config.topAnchor : undefined;
      const out = this.o.record(top ? '/topAnchor' : undefined);
      if (top?.name) this.field(out, 'anchor', top, 'name', '/topAnchor');
      else {
        this.o.set(out, 'anchor', 'Documentation', undefined);
        this.o.set(out, 'icon', 'book-open', undefined);
      }
      if (top?.icon) {
        delete out.icon;
        this.o.set(out, 'icon', this.icon(top, '/topAnchor'), '/topAnchor/icon');
      }
      return out;
    }
    const tab = isRecord(this.config.primaryTab) ? this.config.primaryTab : undefined;
    const out = this.o.record(tab ? '/primaryTab' : undefined);
    if (!tab) this.o.set(out, 'tab', 'Documentation', undefined);
    else {
      this.field(out, 'tab', tab, 'name', '/primaryTab');
      // Without `isDefaultHidden`, field() sets nothing.
      this.field(out, 'hidden', tab, 'isDefaultHidden', '/primaryTab');
    }
    return out;
  }

  // ---- the split ----

  private filterByVersion(groups: readonly Group[], versionName: unknown): Group[] {
    return groups.filter((group) => this.versionOf(group) === versionName || this.versionOf(group) === undefined || !versionName);
  }

  /** The navigation of one version (or of the site, `versionName` undefined): divisions, else the groups. */
  private updated(groups: readonly Group[], versionName: unknown, { hasTabs, hasAnchors }: { hasTabs: boolean; hasAnchors: boolean }): Json {
    const tabs = this.tabs;
    const anchors = this.anchors;
    const [outer, inner, hasOuter, hasInner] = anchorsOutside(tabs, anchors)
      ? (['anchors', 'tabs', hasAnchors, hasTabs] as const)
      : (['tabs', 'anchors', hasTabs, hasAnchors] as const);
    const outerList = outer === 'tabs' ? tabs : anchors;
    const innerList = inner === 'tabs' ? tabs : anchors;
    if (hasOuter) {
      const { result, remaining } = this.processDivisions(outer, outerList, groups, false, versionName, innerList);
      if (remaining.length > 0 || innerList.length > 0) {
        const primary = this.primary(outer);
        if (innerList.length > 0) {
          const { result: innerResult } = this.processDivisions(inner, innerList, remaining.length > 0 ? remaining : groups, true, versionName);
          this.o.set(primary, inner, this.o.object(innerResult, `/${inner}`), undefined);
        } else {
          this.o.set(primary, 'groups', this.findPagesForPrefix(remaining, undefined, versionName, []).matched, undefined);
        }
        result.unshift(primary);
      }
      return { [outer]: this.o.object(result, `/${outer}`) };
    }
    if (hasInner) {
      const { result } = this.processDivisions(inner, innerList, groups, true, versionName);
      return { [inner]: this.o.object(result, `/${inner}`) };
    }
    // No groups: an empty list.
    const out = this.filterByVersion(groups, versionName).map((group) => {
      const docs = this.o.record(group.at);
      this.field(docs, 'group', group.raw, 'group', group.at);
      this.o.set(docs, 'pages', this.asWritten(group.pages), childPointer(group.at, 'pages'));
      if (group.raw.icon) this.o.set(docs, 'icon', this.icon(group.raw, group.at), childPointer(group.at, 'icon'));
      return docs;
    });
    return { groups: this.o.object(out, '/navigation') };
  }

  /** A group's entries as the platform passes them on untouched: pages, and nested groups as written (or as the version split made them). */
  private asWritten(entries: readonly Entry[]): unknown[] {
    const list: unknown[] = [];
    for (const entry of entries) {
      if (isPage(entry)) {
        list.push(entry.page);
        this.o.key(list, list.length - 1, entry.at);
      } else if (entry.reshaped) {
        const docs = this.o.record(entry.at);
        this.field(docs, 'group', entry.raw, 'group', entry.at);
        if (entry.raw.icon) this.o.set(docs, 'icon', this.icon(entry.raw, entry.at), childPointer(entry.at, 'icon'));
        this.o.set(docs, 'pages', this.asWritten(entry.pages), childPointer(entry.at, 'pages'));
        list.push(docs);
      } else {
        // A nested group the platform leaves as the legacy check outputs it (its `version`, `iconType` and all).
        const docs = this.o.record(entry.at);
        for (const [key, value] of Object.entries(entry.raw)) {
          if (key === 'pages') this.o.set(docs, 'pages', this.asWritten(entry.pages), childPointer(entry.at, 'pages'));
          else this.o.set(docs, key, this.value(value, childPointer(entry.at, key)), childPointer(entry.at, key));
        }
        list.push(docs);
      }
    }
    return list;
  }

  private processDivisions(
    type: DivisionType,
    divisions: readonly Division[],
    groups: readonly Group[],
    insertRemaining: boolean,
    versionName: unknown,
    others?: readonly Division[],
  ): { result: Json[]; remaining: Group[] } {
    let remaining = this.filterByVersion(groups, versionName);
    const result: Json[] = [];
    for (const division of divisions) {
      if (division.version !== versionName && versionName && division.version) continue;
      const { raw, at } = division;
      const url = text(division.url);
      const base = this.divisionBase(type, division);
      const ignored = divisions.filter((other) => other.url && leading(text(other.url)).startsWith(leading(url)) && other.url !== division.url);
      let nested: { type: DivisionType; result: Json[] } | undefined;
      if (others && others.length > 0) {
        const matching = others.filter((other) => leading(text(other.url)).startsWith(leading(url)));
        if (matching.length > 0) {
          const otherType: DivisionType = type === 'tabs' ? 'anchors' : 'tabs';
          nested = { type: otherType, result: this.processDivisions(otherType, matching, groups, false, versionName).result };
        }
      }
      const { matched, unmatched } = this.findPagesForPrefix(remaining, division, versionName, ignored);
      remaining = unmatched;
      const withoutHref = (): Json => {
        delete base.href;
        // Its `url` chose its pages (or named the folder of its generated ones): read, not carried over as a link.
        this.o.consume(childPointer(at, 'url'));
        return base;
      };
      if (nested && nested.result.length > 0) {
        const out = withoutHref();
        this.o.set(out, nested.type, this.o.object(nested.result, `/${nested.type}`), undefined);
        result.push(out);
      } else if (matched.length > 0) {
        const out = withoutHref();
        this.o.set(out, 'groups', matched, undefined);
        result.push(out);
      } else if (raw.openapi && !isRemoteUrl(division.url)) {
        result.push(withoutHref());
      } else if (isAbsoluteUrl(division.url)) result.push(base);
      // Else no page, no link, no spec: left out.
    }
    if (remaining.length > 0 && insertRemaining) {
      const primary = this.primary(type);
      this.o.set(primary, 'groups', this.findPagesForPrefix(remaining, undefined, versionName, []).matched, undefined);
      result.unshift(primary);
    }
    return { result, remaining };
  }

  /** A tab or an anchor as docs.json writes it, before its children: label, link, `hidden`, `openapi` (an anchor's icon and colour too). */
  private divisionBase(type: DivisionType, division: Division): Json {
    const { raw, at } = division;
    const base = this.o.record(at);
    this.field(base, type === 'tabs' ? 'tab' : 'anchor', raw, 'name', at);
    this.field(base, 'href', raw, 'url', at);
    if (raw.isDefaultHidden) this.field(base, 'hidden', raw, 'isDefaultHidden', at);
    if (raw.openapi) {
      if (isRemoteUrl(division.url)) this.field(base, 'openapi', raw, 'openapi', at);
      else {
        const openapi = this.o.record(childPointer(at, 'openapi'));
        this.field(openapi, 'source', raw, 'openapi', at);
        this.field(openapi, 'directory', raw, 'url', at);
        this.o.set(base, 'openapi', openapi, undefined);
      }
    }
    // Stryker disable next-line ConditionalExpression: a tab's `icon` and `color` are keys the legacy check drops before the upgrade reads it.
    if (type === 'anchors') {
      // Stryker disable next-line ConditionalExpression: without an icon, icon() answers undefined, which set() does not set.
      if (raw.icon) this.o.set(base, 'icon', this.icon(raw, at), childPointer(at, 'icon'));
      if (raw.color) {
        // A gradient's first colour stands for it.
        const color = childPointer(at, 'color');
        const from = typeof raw.color === 'string' ? color : childPointer(color, 'from');
        this.o.set(
          base,
          'color',
          this.lightAndDark(typeof raw.color === 'string' ? raw.color : isRecord(raw.color) ? raw.color.from : undefined, from),
          undefined,
        );
      }
    }
    return base;
  }

  /**
   * The groups' pages under a division's URL (all of them without one), and what is left: a group
   * keeps its title in both; a nested group with any page left is left whole (as the platform does).
   */
  private findPagesForPrefix(
    groups: readonly Group[],
    division: Division | undefined,
    versionName: unknown,
    ignored: readonly Division[],
  ): { matched: Json[]; unmatched: Group[] } {
    const prefix = division?.url;
    if (isRemoteUrl(prefix)) return { matched: [], unmatched: [...groups] };
    const wanted = prefix ? leading(trailing(text(prefix))) : undefined;
    const skipped = ignored.map((other) => leading(trailing(text(other.url))));
    const matched: Json[] = [];
    const unmatched: Group[] = [];
    for (const group of groups) {
      const kept: Array<Page | { docs: Json }> = [];
      const left: Entry[] = [];
      const version = this.versionOf(group);
      if (version === versionName || version === undefined || !versionName) {
        for (const entry of group.pages) {
          if (isPage(entry)) {
            const page = entry.key;
            if ((wanted === undefined || page.startsWith(wanted)) && !skipped.some((skip) => page.startsWith(skip))) kept.push(entry);
            else left.push(entry);
          } else {
            const nested = this.findPagesForPrefix([entry], division, versionName, ignored);
            kept.push(...nested.matched.map((docs) => ({ docs })));
            if (nested.unmatched.length > 0) left.push(entry);
          }
        }
      }
      if (kept.length > 0) matched.push(this.docsGroup(group, this.pageList(kept)));
      if (left.length > 0) unmatched.push({ ...group, pages: left });
    }
    return { matched, unmatched };
  }

  // ---- versions ----

  /** `versions` (or `languages`, when every version has a `locale`), each with its own navigation. */
  private splitVersions(divisions: { hasTabs: boolean; hasAnchors: boolean }): { key: 'versions' | 'languages'; entries: Json[] } {
    // Which divisions belong to which versions: a page under such a division's URL is in those versions only.
    const prefixes = new Map<string, unknown[]>();
    for (const version of this.versions) {
      const name = typeof version === 'string' ? version : isRecord(version) ? version.name : undefined;
      for (const division of [...this.anchors, ...this.tabs]) {
        if (division.version !== name || isRemoteUrl(division.url)) continue;
        const key = String(division.url);
        prefixes.set(key, [...(prefixes.get(key) ?? []), name]);
      }
    }
    // A `version` on a group, tab or anchor places it in its version: read, not carried over.
    const stack: Group[] = [...this.groups];
    while (stack.length > 0) {
      const group = stack.pop()!;
      if (group.raw.version !== undefined) this.o.consume(childPointer(group.at, 'version'));
      for (const entry of group.pages) if (!isPage(entry)) stack.push(entry);
    }
    for (const division of [...this.anchors, ...this.tabs]) if (division.version !== undefined) this.o.consume(childPointer(division.at, 'version'));
    const isLocale = this.versions.every((version) => isRecord(version) && version.locale);
    const entries = this.versions.map((version, index): Json => {
      const at = `/versions/${index}`;
      const out = this.o.record(at);
      // The name its pages are looked up by, and the one its divisions and groups are matched with (as the platform names them).
      let lookup: unknown;
      let versionName: unknown;
      if (isLocale && isRecord(version)) {
        this.field(out, 'language', version, 'locale', at);
        if (version.default) this.field(out, 'default', version, 'default', at);
        if (version.url) {
          this.field(out, 'href', version, 'url', at);
          return out;
        }
        lookup = version.name;
        versionName = version.name || version.locale;
        if (version.name !== undefined) this.o.consume(childPointer(at, 'name'));
      } else if (isRecord(version)) {
        this.field(out, 'version', version, 'name', at);
        this.field(out, 'default', version, 'default', at);
        if (version.url) {
          this.field(out, 'href', version, 'url', at);
          return out;
        }
        lookup = version.name;
        versionName = version.name || undefined;
      } else {
        this.o.set(out, 'version', this.value(version, at), at);
        lookup = version;
        versionName = typeof version === 'string' ? version : undefined;
      }
      const own = this.findPagesForVersion(this.groups, lookup, prefixes);
      for (const [key, value] of Object.entries(this.updated(own.length > 0 ? own : this.groups, versionName, divisions)))
        this.o.set(out, key, value, undefined);
      return out;
    });
    return { key: isLocale ? 'languages' : 'versions', entries: this.o.object(entries, '/versions') };
  }

  /** The groups (reshaped: title and icon) with the pages of one version: its own pages, and those under no version's division. */
  private findPagesForVersion(groups: readonly Group[], version: unknown, prefixes: ReadonlyMap<string, unknown[]>): Group[] {
    const matched: Group[] = [];
    for (const group of groups) {
      const pages: Entry[] = [];
      if (this.versionOf(group) === version || this.versionOf(group) === undefined) {
        for (const entry of group.pages) {
          if (isPage(entry)) {
            let gated = false;
            let anywhere = false;
            for (const [href, versions] of prefixes) {
              if (!entry.page.startsWith(href)) continue;
              anywhere = true;
              if (versions.includes(version)) gated = true;
            }
            if (gated || !anywhere) pages.push(entry);
          } else pages.push(...this.findPagesForVersion([entry], version, prefixes));
        }
      }
      if (pages.length > 0) matched.push({ at: group.at, raw: group.raw, pages, reshaped: true });
    }
    return matched;
  }
}

/**
 * Whether the anchors go on top (else the tabs; the platform's `mostInclusive`): without tabs they
 * do, without anchors they do not; else the kind whose every division lies under one of the other
 * kind's URLs goes first, else the kind with more such divisions (anchors on a tie).
 */
function anchorsOutside(tabs: readonly Division[], anchors: readonly Division[]): boolean {
  if (tabs.length === 0) return true;
  if (anchors.length === 0) return false;
  const under = (a: Division, b: Division) => leading(text(a.url)).startsWith(leading(text(b.url)));
  const inclusiveTabs = tabs.filter((tab) => anchors.some((anchor) => under(tab, anchor)));
  const inclusiveAnchors = anchors.filter((anchor) => tabs.some((tab) => under(anchor, tab)));
  if (inclusiveTabs.length === tabs.length) return false;
  if (inclusiveAnchors.length === anchors.length) return true;
  return inclusiveTabs.length <= inclusiveAnchors.length;
}
