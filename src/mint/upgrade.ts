/**
 * A legacy mint.json upgraded to docs.json as the platform upgrades it (`upgradeToDocsConfig` in
 * @mintlify/validation, applied by the build to the legacy check's output): the same keys in the
 * same order, the navigation split as navigation.ts describes. Pure: a value in, the docs.json
 * value out, with the way back to the mint.json for every part of it (`originOf`) and every
 * setting the upgrade drops or changes (`changes`). It never throws, whatever the value.
 */
import { checkMintSettings } from '../settings/mint-json.js';
import { childPointer, ownChild, parsePointer, toPointer } from '../source/pointer.js';
import type { SettingsIssue } from '../settings/check.js';
import { describeChanges, type MintChange } from './changes.js';
import { upgradeNavigation } from './navigation.js';
import { UpgradeOrigins } from './origins.js';
import { parseMintConfig } from './parse.js';

export type { MintChange, MintChangeKind } from './changes.js';

export interface MintUpgradeOptions {
  /**
   * Pick docs.json's `theme` from mint.json's `theme` and `layout` (`venus` → `palm`, `quill` →
   * `willow`, `layout: "sidenav"` → `maple`, …), as the platform's `mint upgrade` command does.
   * Default false: as the build's own upgrade, every site gets `mint`.
   */
  theme?: boolean;
}

export interface MintUpgrade {
  /** The docs.json value (keys the upgrade leaves undefined are absent). */
  docs: Record<string, unknown>;
  /**
   * The mint.json pointer a pointer into `docs` came from: the value it was made from, or, for a
   * part the upgrade adds (a default), the nearest enclosing part that has a source.
   */
  originOf(pointer: string): string;
  /** How many parts of `docs` were made from the mint.json value at `pointer` (0: the upgrade dropped it). */
  usesOf(pointer: string): number;
  /** Every part of the mint.json the upgrade drops, and every value it changes, in the mint.json's order. */
  changes: MintChange[];
  /** Groups nested too deep to follow (mint.json pointers): left out of the navigation. */
  tooDeep: string[];
}

const DOCS_SCHEMA = 'https://mintlify.com/docs.json';

/** Upgrades a mint.json value (its `$ref`s already followed) to the docs.json the platform makes of it. */
export function upgradeMintConfig(mint: unknown, options: MintUpgradeOptions = {}): MintUpgrade {
  return upgradeCheckedMint(mint, checkMintSettings(mint), options);
}

/** The same, with the legacy check's issues already found (the validation pipeline has them). */
export function upgradeCheckedMint(mint: unknown, issues: readonly SettingsIssue[], options: MintUpgradeOptions = {}): MintUpgrade {
  // The build upgrades what the legacy check outputs: without the keys it drops, trimmed, normalized.
  const dropped = issues.filter((issue) => issue.kind === 'unknown' && !issue.rejects).map((issue) => issue.pointer);
  const parsed = parseMintConfig(mint, dropped);
  const config: Record<string, unknown> = isRecord(parsed) ? parsed : {};
  const o = new UpgradeOrigins();
  const docs = o.record('');
  const settings = new SettingsUpgrade(config, o);
  const { navigation, tooDeep } = upgradeNavigation(config, o);
  settings.write(docs, navigation, options);
  o.count(docs);
  return {
    docs,
    // A value the legacy check filled in (a playground's mode) has no place in the file: its holder stands for it.
    originOf: (pointer) => existingPlace(mint, o.originOf(docs, pointer)),
    usesOf: (pointer) => o.usesOf(pointer),
    changes: describeChanges(mint, docs, o, dropped),
    tooDeep,
  };
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The settings outside the navigation, each where docs.json keeps it. */
class SettingsUpgrade {
  constructor(
    private readonly c: Json,
    private readonly o: UpgradeOrigins,
  ) {}

  /** The value at a mint.json path (own keys of objects only), and its pointer. */
  private at(...path: string[]): { value: unknown; from: string } {
    let value: unknown = this.c;
    for (const key of path) value = ownChild(value, key);
    return { value, from: toPointer(path) };
  }

  /** `out[key]` = the mint.json value at `path`, carried over (objects copied with their origins, the rest as they are). */
  private carry(out: Json, key: string, ...path: string[]): void {
    const { value, from } = this.at(...path);
    this.o.set(out, key, this.o.copy(value, from), from);
  }

  private object(from: string | undefined): Json {
    return this.o.record(from);
  }

  write(docs: Json, navigation: Json, options: MintUpgradeOptions): void {
    const o = this.o;
    const c = this.c;
    o.set(docs, '$schema', DOCS_SCHEMA, this.at('$schema').value === undefined ? undefined : '/$schema');
    this.theme(docs, options);
    this.carry(docs, 'name', 'name');
    this.colors(docs);
    this.carry(docs, 'favicon', 'favicon');
    o.set(docs, 'navigation', navigation, undefined);
    this.styling(docs);
    this.carry(docs, 'logo', 'logo');
    this.api(docs);
    const modeToggle = this.at('modeToggle').value;
    if (isRecord(modeToggle) && (modeToggle.default || modeToggle.isHidden != undefined)) {
      const appearance = this.object('/modeToggle');
      this.carry(appearance, 'default', 'modeToggle', 'default');
      this.carry(appearance, 'strict', 'modeToggle', 'isHidden');
      o.set(docs, 'appearance', appearance, undefined);
    }
    this.background(docs);
    this.navbar(docs);
    if (this.at('search', 'prompt').value) {
      const search = this.object('/search');
      this.carry(search, 'prompt', 'search', 'prompt');
      o.set(docs, 'search', search, undefined);
    }
    this.seo(docs);
    this.footer(docs);
    this.integrations(docs);
    this.fonts(docs);
    if (c.redirects) this.carry(docs, 'redirects', 'redirects');
  }

  private theme(docs: Json, options: MintUpgradeOptions): void {
    let theme: string | undefined;
    let from: string | undefined;
    if (options.theme) {
      const { value } = this.at('theme');
      if (value) {
        theme = value === 'venus' ? 'palm' : value === 'quill' ? 'willow' : 'mint';
        from = '/theme';
      }
      const layout = this.at('layout').value;
      if (layout === 'sidenav' || layout === 'solidSidenav') {
        theme = layout === 'sidenav' ? 'maple' : 'willow';
        from = '/layout';
      }
    }
    this.o.set(docs, 'theme', theme ?? 'mint', from);
  }

  private colors(docs: Json): void {
    const colors = this.object(this.c.colors ? '/colors' : undefined);
    if (this.c.colors) {
      this.carry(colors, 'primary', 'colors', 'primary');
      this.carry(colors, 'light', 'colors', 'light');
      this.carry(colors, 'dark', 'colors', 'dark');
    } else this.o.set(colors, 'primary', '#16A34A', undefined);
    this.o.set(docs, 'colors', colors, undefined);
  }

  private styling(docs: Json): void {
    const eyebrow = this.at('eyebrow', 'display').value;
    const mode = this.at('codeBlock', 'mode').value;
    const eyebrows = eyebrow == undefined ? undefined : eyebrow === 'breadcrumbs' ? 'breadcrumbs' : 'section';
    const codeblocks = mode == undefined ? undefined : mode === 'dark' ? 'dark' : 'system';
    if (!eyebrows && !codeblocks) return;
    const styling = this.object(undefined);
    this.o.set(styling, 'eyebrows', eyebrows, '/eyebrow/display');
    this.o.set(styling, 'codeblocks', codeblocks, '/codeBlock/mode');
    this.o.set(docs, 'styling', styling, undefined);
  }

  private api(docs: Json): void {
    const mode = this.at('api', 'playground', 'mode').value;
    const disableProxy = this.at('api', 'playground', 'disableProxy').value;
    const hasPlayground = !!mode || disableProxy !== undefined;
    const display = mode === 'show' ? 'interactive' : mode === 'hide' ? 'none' : mode;
    const languages = this.at('api', 'request', 'example', 'languages').value;
    const baseUrl = this.at('api', 'baseUrl').value;
    const method = this.at('api', 'auth', 'method').value;
    const name = this.at('api', 'auth', 'name').value;
    const openapi = this.c.openapi;
    if (!hasPlayground && !languages && !baseUrl && !method && !openapi) return;
    const api = this.object(this.c.api ? '/api' : undefined);
    if (openapi) this.carry(api, 'openapi', 'openapi');
    if (hasPlayground) {
      const playground = this.object('/api/playground');
      if (display) this.o.set(playground, 'display', display, '/api/playground/mode');
      if (disableProxy != undefined) this.o.set(playground, 'proxy', !disableProxy, '/api/playground/disableProxy');
      this.o.set(api, 'playground', playground, undefined);
    }
    if (languages) {
      const examples = this.object('/api/request/example');
      this.carry(examples, 'languages', 'api', 'request', 'example', 'languages');
      this.o.set(api, 'examples', examples, undefined);
    }
    if (baseUrl || method || name) {
      const mdx = this.object(undefined);
      this.carry(mdx, 'server', 'api', 'baseUrl');
      if (method || name) {
        const auth = this.object('/api/auth');
        this.carry(auth, 'method', 'api', 'auth', 'method');
        this.carry(auth, 'name', 'api', 'auth', 'name');
        this.o.set(mdx, 'auth', auth, undefined);
      }
      this.o.set(api, 'mdx', mdx, undefined);
    }
    this.o.set(docs, 'api', api, undefined);
  }

  private background(docs: Json): void {
    const colorsBackground = this.at('colors', 'background').value;
    if (!this.c.background && !this.c.backgroundImage && !colorsBackground) return;
    const background = this.object(this.c.background ? '/background' : undefined);
    if (this.c.backgroundImage) this.carry(background, 'image', 'backgroundImage');
    this.carry(background, 'decoration', 'background', 'style');
    if (colorsBackground) {
      const color = this.object('/colors/background');
      this.carry(color, 'light', 'colors', 'background', 'light');
      this.carry(color, 'dark', 'colors', 'background', 'dark');
      this.o.set(background, 'color', color, undefined);
    }
    this.o.set(docs, 'background', background, undefined);
  }

  private navbar(docs: Json): void {
    const links = this.c.topbarLinks;
    const cta = this.c.topbarCtaButton;
    if (!links && !cta) return;
    const navbar = this.object(undefined);
    if (links) {
      const list = this.o.object([] as unknown[], '/topbarLinks');
      if (Array.isArray(links))
        links.forEach((item: unknown, index) => {
          const at = `/topbarLinks/${index}`;
          const link = this.object(at);
          const type = isRecord(item) ? item.type : undefined;
          if (type === 'link' || type === undefined) {
            this.carry(link, 'label', 'topbarLinks', String(index), 'name');
            if (type === 'link') this.o.consume(`${at}/type`);
          } else this.o.set(link, 'label', capitalize(type), `${at}/type`);
          this.carry(link, 'href', 'topbarLinks', String(index), 'url');
          list.push(link);
        });
      this.o.set(navbar, 'links', list, undefined);
    }
    if (cta) {
      const primary = this.object('/topbarCtaButton');
      const type = isRecord(cta) ? cta.type : undefined;
      // `type` names the kind of button (a link is docs.json's `button`): read, not carried over.
      if (isRecord(cta) && 'type' in cta) this.o.consume('/topbarCtaButton/type');
      if (type === undefined || type === 'link') {
        this.o.set(primary, 'type', 'button', undefined);
        this.carry(primary, 'label', 'topbarCtaButton', 'name');
      } else this.o.set(primary, 'type', 'github', undefined);
      this.carry(primary, 'href', 'topbarCtaButton', 'url');
      this.o.set(navbar, 'primary', primary, undefined);
    }
    this.o.set(docs, 'navbar', navbar, undefined);
  }

  private seo(docs: Json): void {
    const indexHidden = this.at('seo', 'indexHiddenPages').value;
    if (!this.c.metadata && indexHidden === undefined) return;
    const seo = this.object(this.c.seo ? '/seo' : undefined);
    if (this.c.metadata) this.carry(seo, 'metatags', 'metadata');
    this.o.set(seo, 'indexing', indexHidden ? 'all' : 'navigable', indexHidden === undefined ? undefined : '/seo/indexHiddenPages');
    this.o.set(docs, 'seo', seo, undefined);
  }

  private footer(docs: Json): void {
    const footerValue = this.c.footer;
    if (!footerValue && !this.c.footerSocials) return;
    const footer = this.object(footerValue ? '/footer' : undefined);
    const own = this.at('footer', 'socials');
    if (own.value || this.c.footerSocials) {
      const source = own.value ?? this.c.footerSocials;
      const from = own.value === undefined ? '/footerSocials' : own.from;
      if (Array.isArray(source)) {
        // A list of `{ type, url }`: a record by type (a later entry of one type replaces an earlier one).
        const socials = this.object(from);
        source.forEach((social: unknown, index) => {
          if (!isRecord(social)) return;
          this.o.set(socials, String(social.type), social.url, `${from}/${index}/url`);
          // Its type names the key.
          this.o.consume(`${from}/${index}/type`);
        });
        this.o.set(footer, 'socials', socials, undefined);
      } else this.o.set(footer, 'socials', this.o.copy(source, from), from);
    }
    const links = this.at('footer', 'links').value;
    if (links) {
      const columns = this.o.object([] as unknown[], '/footer/links');
      if (Array.isArray(links))
        links.forEach((group: unknown, index) => {
          const at = `/footer/links/${index}`;
          const column = this.object(at);
          this.carry(column, 'header', 'footer', 'links', String(index), 'title');
          const items = this.o.object([] as unknown[], `${at}/links`);
          const groupLinks = isRecord(group) ? group.links : undefined;
          if (Array.isArray(groupLinks))
            groupLinks.forEach((_link: unknown, linkIndex) => {
              const item = this.object(`${at}/links/${linkIndex}`);
              this.carry(item, 'label', 'footer', 'links', String(index), 'links', String(linkIndex), 'label');
              this.carry(item, 'href', 'footer', 'links', String(index), 'links', String(linkIndex), 'url');
              items.push(item);
            });
          this.o.set(column, 'items', items, undefined);
          columns.push(column);
        });
      this.o.set(footer, 'links', columns, undefined);
    }
    this.o.set(docs, 'footer', footer, undefined);
  }

  private integrations(docs: Json): void {
    const analytics = this.c.analytics;
    const integrationsValue = this.c.integrations;
    if (!integrationsValue && !analytics) return;
    const integrations = this.object(analytics ? '/analytics' : '/integrations');
    if (isRecord(analytics)) for (const key of Object.keys(analytics)) this.carry(integrations, key, 'analytics', key);
    for (const [key, field] of [
      ['intercom', 'appId'],
      ['frontchat', 'snippetId'],
    ] as const) {
      const { value, from } = this.at('integrations', key);
      if (!value) continue;
      const entry = this.object(from);
      this.o.set(entry, field, value, from);
      this.o.set(integrations, key, entry, undefined);
    }
    this.o.set(docs, 'integrations', integrations, undefined);
  }

  private fonts(docs: Json): void {
    const font = this.c.font;
    if (!font) return;
    const details = (path: string[]): Json => {
      const { value, from } = this.at(...path);
      const out = this.object(from);
      if (isRecord(value)) {
        for (const key of Object.keys(value)) if (key !== 'url') this.carry(out, key, ...path, key);
        if (value.url) this.o.set(out, 'source', value.url, `${from}/url`);
      }
      return out;
    };
    let fonts: Json;
    if (isRecord(font) && 'family' in font) fonts = details(['font']);
    else {
      fonts = this.object('/font');
      if (isRecord(font) && font.headings) this.o.set(fonts, 'heading', details(['font', 'headings']), undefined);
      if (isRecord(font) && font.body) this.o.set(fonts, 'body', details(['font', 'body']), undefined);
    }
    this.o.set(docs, 'fonts', fonts, undefined);
  }
}

/** The pointer, or its nearest ancestor that names a value of `root`. */
function existingPlace(root: unknown, pointer: string): string {
  let value = root;
  let at = '';
  for (const segment of parsePointer(pointer)) {
    value = ownChild(value, segment);
    if (value === undefined) return at;
    at = childPointer(at, segment);
  }
  return at;
}

/** lodash's `capitalize`: the first character upper case, the rest lower case. */
function capitalize(value: unknown): string {
  const text = String(value);
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}
