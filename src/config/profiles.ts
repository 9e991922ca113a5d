/**
 * Profiles: which contract docsnav checks against. `platform` (the default) is what the hosted
 * platform accepts today (platform-facts §1a): with default settings a site gets the platform's
 * verdict, an error only where its build fails or drops something (issue 56: a linter that fails a
 * site the platform builds is switched off). `spec` is the written spec we were given, stricter in
 * places: what it rejects and the platform accepts is a warning under it (`beyondPlatform`), an
 * error only when asked for (`"rules": { "language-code": "error" }`, as for any code). A profile
 * changes what the two spec-strict rules (`language-code`, `external-href`) accept, whether a
 * `$schema` the platform rejects (`schema-url`) is an error or a hint, and whether docs.json's
 * settings outside `navigation` and a mint.json beside it are checked (only under `platform`);
 * every other check and severity is the same under both.
 */
import type { Code } from '../codes.js';
import { LANGUAGE_CODES } from '../navigation/model.js';

/** The profiles' names: adding one here makes the compiler ask for its entry in `PROFILES`. */
export type ProfileName = 'spec' | 'platform';

/** Language codes the hosted platform's validator accepts (platform-facts §1a), in its order. */
export const PLATFORM_LANGUAGE_CODES = [
  'en',
  'cn',
  'zh',
  'zh-Hans',
  'zh-Hant',
  'zh-CN',
  'zh-TW',
  'es',
  'fr',
  'fr-CA',
  'fr-ca',
  'ja',
  'jp',
  'ja-jp',
  'ja-JP',
  'pt',
  'pt-BR',
  'de',
  'ko',
  'it',
  'ru',
  'ro',
  'cs',
  'id',
  'ar',
  'tr',
  'hi',
  'sv',
  'no',
  'da',
  'lv',
  'nl',
  'uk',
  'vi',
  'pl',
  'uz',
  'he',
  'ca',
  'fi',
  'hu',
] as const;

/** Which `global.anchors` hrefs a profile accepts. */
type GlobalAnchorHrefs =
  /** An absolute http(s) URL only (the spec: global anchors link out of the site). */
  | 'external'
  /** Also any other absolute URL, `/path`, `#hash` and `mailto:` (the platform). */
  | 'platform';

/** How a profile reports what the hosted platform rejects but the spec allows (`schema-url`, `openapi-external-ref`). */
type PlatformRejection =
  /** As a problem at the code's severity (error by default): the platform's build fails on it. */
  | 'problem'
  /**
   * As an `info` hint only. The spec says nothing about `$schema`, and a self-hosting team may
   * point it at a local file for its editor; but most sites are published on the platform,
   * where that value fails the build, and `spec` is the default profile: silence would leave
   * them with "no problems" and a failed deploy (the reason `platform` is the default). Info never fails a run.
   */
  | 'hint';

export interface Profile {
  name: ProfileName;
  /** What it checks against, in a few words (`--help`). */
  summary: string;
  /** One line for the config schema and the README. */
  description: string;
  /** Whose language codes these are, in messages and editor schemas ("the spec's"). */
  languageCodesOf: string;
  /** The JSON Schema files editors load for this profile (schema/, written by schema/compile.mjs). */
  editorSchemas: { readonly docs: string; readonly navigation: string };
  /** The language codes accepted (before any `languageCodes` added by the user). */
  languageCodes: ReadonlySet<string>;
  globalAnchorHrefs: GlobalAnchorHrefs;
  /**
   * The severity of what this profile rejects and the hosted platform accepts (a language code, a
   * global anchor href): at most a warning, so that a site the platform builds passes; a config's
   * `rules` raise it (`"language-code": "error"`). Unused by `platform`, which accepts them.
   */
  beyondPlatform: 'warning' | 'info';
  /** How a `$schema` the platform rejects is reported (`schema-url`). */
  schemaUrl: PlatformRejection;
  /** How a spec's `$ref` that does not start with `#` is reported (`openapi-external-ref`): the platform refuses the spec. */
  externalSpecRefs: PlatformRejection;
  /**
   * Whether a spec docs.json names is read only as the platform's build reads it: an OpenAPI 3.0 or
   * 3.1 document (a top-level `openapi`) in a file ending in `.json`, `.yaml` or `.yml` as written.
   * Its build takes no other file for a spec (a Swagger 2.0 document, `API.YAML`) and fails: "Openapi
   * file … does not exist" (issue 65). `false`: such a spec is read, with a warning (openapi-warning).
   */
  platformSpecFiles: boolean;
  /**
   * Check docs.json's settings outside `navigation` (src/settings/docs-settings.ts) and a mint.json
   * beside it (`mint-json-invalid`) as the platform's build does. The spec says nothing about them.
   */
  checksSettings: boolean;
  /**
   * A generated page whose path a page of another spec, later in its section, also wants: `suffix`
   * gives it the next free `-1` (the page keeps a URL, which the platform does not give it); `lost`
   * marks it lost in the tree at the contested path (`lostTo`), as the platform serves only the
   * later one there. Within one spec both suffix, as the platform does.
   */
  crossSpecClash: 'suffix' | 'lost';
  /**
   * Errors this profile's build deploys despite, each a real mistake it lets through with a warning
   * in its log: a listed page with no file (a broken link on the site), a field it strips, two
   * primary patterns (one is dropped), a redirect it never follows. A deployment under this profile
   * (the server) reports them as warnings and deploys, as the build does. Checked against the
   * platform's own build on the corpus (test/prebuild.corpus.test.ts).
   */
  deploysDespite: ReadonlySet<Code>;
}

/** The one registry of profiles; the default (`platform`) first. */
export const PROFILES: Readonly<Record<ProfileName, Profile>> = {
  platform: {
    name: 'platform',
    summary: 'what the hosted platform accepts, settings outside navigation too',
    languageCodesOf: "the hosted platform's",
    editorSchemas: { docs: 'docs.platform.schema.json', navigation: 'navigation.platform.schema.json' },
    description:
      'What the hosted platform accepts (default): its ~40 language codes, global anchor hrefs that are absolute URLs, /paths, #hashes or mailto: links, `$schema` only as an absolute URL; and every other setting of docs.json, and a mint.json beside it, as its build checks them.',
    languageCodes: new Set(PLATFORM_LANGUAGE_CODES),
    globalAnchorHrefs: 'platform',
    beyondPlatform: 'warning',
    schemaUrl: 'problem',
    externalSpecRefs: 'problem',
    platformSpecFiles: true,
    checksSettings: true,
    crossSpecClash: 'lost',
    deploysDespite: new Set(['page-not-found', 'page-path', 'unknown-field', 'primary-pattern', 'redirect-not-found', 'redirect-loop', 'redirect-pattern']),
  },
  spec: {
    name: 'spec',
    summary: "the spec's 20 language codes, http(s) global anchors",
    languageCodesOf: "the spec's",
    editorSchemas: { docs: 'docs.schema.json', navigation: 'navigation.schema.json' },
    description:
      "The written spec's contract: its 20 language codes, global anchor hrefs only as absolute http(s) URLs, each a warning where the hosted platform accepts the value (an error with `rules`); a `$schema` the platform rejects is only info; settings outside navigation are not checked.",
    languageCodes: new Set(LANGUAGE_CODES),
    globalAnchorHrefs: 'external',
    beyondPlatform: 'warning',
    schemaUrl: 'hint',
    externalSpecRefs: 'hint',
    platformSpecFiles: false,
    checksSettings: false,
    crossSpecClash: 'suffix',
    deploysDespite: new Set(),
  },
};

/** Every profile's name, in the registry's order. */
export const PROFILE_NAMES: readonly ProfileName[] = Object.freeze(Object.keys(PROFILES) as ProfileName[]);

export const DEFAULT_PROFILE: ProfileName = 'platform';

export function isProfileName(value: unknown): value is ProfileName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(PROFILES, value);
}

/**
 * The profile these options name (the default when none). A name the type does not allow can
 * only come from untyped JavaScript; it gets the default, as before (the CLI and the config
 * file reject unknown names with a message of their own).
 */
export function profileOf(name: ProfileName | undefined): Profile {
  return isProfileName(name) ? PROFILES[name] : PROFILES[DEFAULT_PROFILE];
}

/** The end of a message under the spec profile for a value the platform profile accepts. */
export function platformAlsoAccepts(value: string): string {
  return `the hosted platform accepts "${value}", so this is a warning (the default profile, platform, accepts it; make it an error with "rules" in docsnav.config.json)`;
}
