/**
 * The little language the settings tables (docs-settings.ts, mint-settings.ts) are written in:
 * what a value must be, as data. One interpreter (check.ts) reads it, so a table says what the
 * hosted platform accepts and nothing says how to check it twice.
 *
 * Written from the platform's documentation (its `docs.json` settings reference) and checked
 * value by value against its validator's behaviour (platform-facts; test/settings/*). Objects
 * say whether the platform rejects a key it does not know (`unknownKeys: 'reject'`) or drops it
 * silently (`'strip'`, most of them): only the first fails its build.
 */

/** A shape: what a value must be. */
export type Shape = StringShape | BooleanShape | NumberShape | AnyShape | ArrayShape | RecordShape | ObjectShape | UnionShape | TaggedShape | LazyShape;

export interface StringShape {
  readonly type: 'string';
  /** Leading and trailing whitespace is removed before the other checks (the platform trims it). */
  readonly trim?: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  /** The allowed values. */
  readonly values?: readonly string[];
  /** What the string must look like beyond its length (a URL, a hex colour, …). */
  readonly format?: FormatName;
}

export interface BooleanShape {
  readonly type: 'boolean';
  /** The only value allowed (mint.json's `default: true`). */
  readonly only?: boolean;
}

export interface NumberShape {
  readonly type: 'number';
}

/** Anything at all (a deprecated key the platform still tolerates). */
interface AnyShape {
  readonly type: 'any';
}

export interface ArrayShape {
  readonly type: 'array';
  readonly items: Shape;
  readonly minItems?: number;
  readonly maxItems?: number;
  /** Entries must differ: as strings (`value`), or by one field of object entries (`{ field }`). */
  readonly unique?: 'value' | { readonly field: string };
  /** What an entry is, for "at least 1 link column": `link column`. */
  readonly entry?: string;
}

/** An object whose keys are names the user picks (or, with `keys`, one of a fixed list). */
export interface RecordShape {
  readonly type: 'record';
  readonly keys?: readonly string[];
  readonly values: Shape;
}

export interface Field {
  readonly shape: Shape;
  readonly required?: boolean;
  /**
   * Checked by another layer already (the docs.json schema: `navigation`, `$schema`,
   * `styling.eyebrows`, `interaction.drilldown`): skipped here, so nothing is said twice. On an
   * object-valued field, only its own type is left to that layer; its other fields are checked.
   */
  readonly checkedElsewhere?: boolean;
}

export interface ObjectShape {
  readonly type: 'object';
  readonly fields: Readonly<Record<string, Field>>;
  /** `reject`: the platform fails on a key it does not know; `strip`: it drops the key silently. */
  readonly unknownKeys: 'reject' | 'strip';
  /** Pairs `[a, b]`: when `a` is given (and not empty), `b` must be too. */
  readonly requiresWith?: ReadonlyArray<readonly [string, string]>;
}

/** One of several shapes: the value passes when one of them accepts it. */
export interface UnionShape {
  readonly type: 'union';
  readonly options: readonly Shape[];
}

/** Objects told apart by one field (`type: "button"`): the field is required and picks the shape. */
export interface TaggedShape {
  readonly type: 'tagged';
  readonly tag: string;
  readonly options: Readonly<Record<string, ObjectShape>>;
  /** The shape when the tag is missing or names no option (then the tag is not required). */
  readonly otherwise?: ObjectShape;
}

/** A shape that refers to itself (mint.json's nested groups). */
interface LazyShape {
  readonly type: 'lazy';
  readonly shape: () => Shape;
}

/** The string formats the platform checks, each as its validator tests it. */
export type FormatName =
  | 'hex-color'
  | 'url'
  | 'https-url'
  | 'https-prefixed-url'
  | 'segment-cdn-url'
  | 'href'
  | 'safe-href'
  | 'spec-source'
  | 'icon-name'
  | 'seo-path'
  | 'starts-with-g'
  | 'posthog-key'
  | 'bare-domain'
  | 'bundle-id'
  | 'mint-anchor-openapi'
  | 'mint-footer-url';

export interface Format {
  /** True when the platform accepts the (trimmed, when the shape says so) string. */
  test(value: string): boolean;
  /** "an https URL", for "`footer.socials.x` must be an https URL". */
  readonly mustBe: string;
  /** The platform's own words for a value it rejects, quoted in messages. */
  readonly platformSays?: string;
  /** The value to write instead, when one is clear (`http://x` -> `https://x`). */
  suggest?(value: string): string | undefined;
}

const HEX_COLOR = /^#([a-fA-F0-9]{6}|[a-fA-F0-9]{3})$/;
const UNSAFE_EXTENSIONS = ['.svg', '.exe', '.zip'];

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** The path of a URL, decoded and lower-cased; undefined when it cannot be decoded. */
function decodedPath(url: URL): string | undefined {
  try {
    return decodeURIComponent(url.pathname).toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * How the platform tidies a link before judging it: a `#fragment` is cut (unless the link is
 * only a fragment), and trailing `/`s of a URL's path are dropped, so `https://x.com/app.zip/`
 * leads to a .zip file. (It drops a relative path's trailing `/`s too, which changes no answer
 * here: a relative link is judged by how it starts.)
 */
function tidyLink(value: string): string {
  const hash = value.indexOf('#');
  const tidy = hash > 0 ? value.slice(0, hash) : value;
  const url = parseUrl(tidy);
  if (!url || url.pathname === '/' || !url.pathname.endsWith('/')) return tidy;
  url.pathname = url.pathname.replace(/\/+$/, '');
  return url.toString();
}

/** An absolute https URL that does not lead to a .svg, .exe or .zip file. */
function isSafeHttpsUrl(value: string): boolean {
  const url = parseUrl(value);
  if (!url || url.protocol !== 'https:') return false;
  const path = decodedPath(url);
  return path !== undefined && !UNSAFE_EXTENSIONS.some((extension) => path.endsWith(extension));
}

/** `http://x` -> `https://x` when that is all that is wrong. */
function httpsInstead(test: (value: string) => boolean): (value: string) => string | undefined {
  return (value) => {
    if (!/^http:\/\//i.test(value)) return undefined;
    const https = `https://${value.slice('http://'.length)}`;
    return test(https) ? https : undefined;
  };
}

const isHttpsUrl = (value: string): boolean => parseUrl(value) !== undefined && isSafeHttpsUrl(tidyLink(value));

function isSafeHref(value: string): boolean {
  const tidy = tidyLink(value);
  if (tidy.startsWith('//')) return false;
  if (tidy.startsWith('/') || tidy.startsWith('mailto:') || tidy.startsWith('#')) return true;
  return isSafeHttpsUrl(tidy);
}

const isHttpsPrefixedUrl = (value: string): boolean => URL.canParse(value) && value.startsWith('https://');

const SEO_SEGMENT = /^[^\s/\\?#]+$/;

export const FORMATS: Readonly<Record<FormatName, Format>> = {
  'hex-color': {
    test: (value) => HEX_COLOR.test(value),
    mustBe: 'a hex colour with a leading # (such as "#0D9373" or "#09f")',
    platformSays: 'Must be a hex color string, with a leading #',
    suggest: (value) => (HEX_COLOR.test(`#${value}`) ? `#${value}` : undefined),
  },
  url: {
    test: (value) => URL.canParse(value),
    mustBe: 'an absolute URL (such as "https://example.com")',
    platformSays: 'Invalid url',
  },
  'https-url': {
    test: isHttpsUrl,
    mustBe: 'an https URL (not http:, and not a link to a .svg, .exe or .zip file)',
    platformSays: 'Must be a valid HTTPS URL.',
    suggest: httpsInstead(isHttpsUrl),
  },
  'https-prefixed-url': {
    test: isHttpsPrefixedUrl,
    mustBe: 'an absolute URL starting with https://',
    platformSays: 'Must be an HTTPS URL',
    suggest: httpsInstead(isHttpsPrefixedUrl),
  },
  'segment-cdn-url': {
    test: (value) => {
      const url = parseUrl(value);
      return url !== undefined && value.startsWith('https://') && url.search === '' && url.hash === '';
    },
    mustBe: 'an absolute URL starting with https://, without a query or a #fragment',
    platformSays: 'Must be an HTTPS URL',
  },
  href: {
    test: (value) => value.startsWith('/') || value.startsWith('#') || value.startsWith('mailto:') || URL.canParse(value),
    mustBe: 'an absolute URL, a /path, a #anchor or a mailto: link',
    platformSays: 'Must be a valid URL or relative path',
  },
  'safe-href': {
    test: isSafeHref,
    mustBe: 'an https URL, a /path, a #anchor or a mailto: link (not http:, not //host, and not a .svg, .exe or .zip file)',
    platformSays: 'Must be a valid url or relative path.',
    suggest: httpsInstead(isSafeHref),
  },
  'spec-source': {
    test: (value) => {
      const url = URL.canParse(value) ? new URL(value) : undefined;
      return url === undefined || url.protocol === 'https:' || url.protocol === 'http:';
    },
    mustBe: 'a file path or an http(s) URL',
    platformSays: 'Must use protocol https or http',
  },
  'icon-name': {
    test: (value) => !value.startsWith('fa-'),
    mustBe: 'an icon name without the "fa-" prefix',
    platformSays: "Icon does not need to start with 'fa-'",
    suggest: (value) => (value.length > 3 ? value.slice(3) : undefined),
  },
  'seo-path': {
    test: (value) => value.split('/').every((segment) => SEO_SEGMENT.test(segment) && segment !== '.' && segment !== '..'),
    mustBe: 'a folder path relative to the docs root such as "guides/v2" (no leading or trailing /, no empty, "." or ".." segment, no whitespace, \\, ? or #)',
  },
  'starts-with-g': { test: (value) => value.startsWith('G'), mustBe: 'an id starting with "G"', platformSays: 'Must start with G' },
  'posthog-key': { test: (value) => value.startsWith('phc_'), mustBe: 'a project key starting with "phc_"', platformSays: 'Must start with phc_' },
  'bare-domain': {
    test: (value) => !value.startsWith('https://'),
    mustBe: 'a domain without "https://"',
    platformSays: 'Must not start with https://',
    suggest: (value) => value.slice('https://'.length) || undefined,
  },
  'bundle-id': { test: (value) => /^[a-zA-Z0-9_-]+$/.test(value), mustBe: 'letters, digits, "-" and "_" only' },
  'mint-anchor-openapi': {
    test: (value) => value.startsWith('/') || value.startsWith('https:') || value.startsWith('http:'),
    mustBe: 'a file path starting with "/" or an http(s) URL',
    platformSays: "File path must start with '/' or 'https://'",
  },
  'mint-footer-url': {
    test: (value) => URL.canParse(value) || value.startsWith('/'),
    mustBe: 'an absolute URL or a path starting with "/"',
  },
};

/** The JSON type of a value as messages name it. */
export function jsonTypeOf(value: unknown): 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object' | 'undefined' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean' || type === 'undefined') return type;
  return 'object';
}

/** The JSON types a shape accepts (for choosing among a union's options). */
export function acceptedTypes(shape: Shape): ReadonlySet<string> {
  switch (shape.type) {
    case 'string':
    case 'boolean':
    case 'number':
    case 'array':
      return new Set([shape.type]);
    case 'any':
      return new Set(['string', 'number', 'boolean', 'null', 'array', 'object']);
    case 'record':
    case 'object':
    case 'tagged':
      return new Set(['object']);
    case 'union':
      return new Set(shape.options.flatMap((option) => [...acceptedTypes(option)]));
    case 'lazy':
      return acceptedTypes(shape.shape());
  }
}
