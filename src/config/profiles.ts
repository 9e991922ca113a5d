/**
 * Profiles: which contract docsnav checks against. `spec` (the default) is the spec we were
 * given; `platform` is what the hosted platform accepts today (platform-facts §1a), for teams
 * whose site runs there. A profile changes what the two spec-strict rules (`language-code`,
 * `external-href`) accept, whether a `$schema` the platform rejects (`schema-url`) is an
 * error or a hint, and whether docs.json's settings outside `navigation` and a mint.json beside
 * it are checked (only under `platform`); every other check and severity is the same under both.
 */
import { LANGUAGE_CODES } from '../navigation/model.js';

export type ProfileName = 'spec' | 'platform';

export const PROFILE_NAMES: readonly ProfileName[] = ['spec', 'platform'];

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
export type GlobalAnchorHrefs =
  /** An absolute http(s) URL only (the spec: global anchors link out of the site). */
  | 'external'
  /** Also any other absolute URL, `/path`, `#hash` and `mailto:` (the platform). */
  | 'platform';

/** How `schema-url` reports a top-level `$schema` that the hosted platform rejects. */
export type SchemaUrlCheck =
  /** As a problem at the code's severity (error by default): the platform's build fails on it. */
  | 'problem'
  /**
   * As an `info` hint only. The spec says nothing about `$schema`, and a self-hosting team may
   * point it at a local file for its editor; but most sites are published on the platform,
   * where that value fails the build, and `spec` is the default profile: silence would leave
   * them with "no problems" and a failed deploy. Info never fails a run.
   */
  | 'hint';

export interface Profile {
  name: ProfileName;
  /** One line for help texts and the config schema. */
  description: string;
  /** The language codes accepted (before any `languageCodes` added by the user). */
  languageCodes: ReadonlySet<string>;
  globalAnchorHrefs: GlobalAnchorHrefs;
  /** How a `$schema` the platform rejects is reported (`schema-url`). */
  schemaUrl: SchemaUrlCheck;
  /**
   * Check docs.json's settings outside `navigation` (src/settings/docs-settings.ts) and a mint.json
   * beside it (`mint-json-invalid`) as the platform's build does. The spec says nothing about them.
   */
  checksSettings: boolean;
}

export const PROFILES: Readonly<Record<ProfileName, Profile>> = {
  spec: {
    name: 'spec',
    description:
      "The spec's contract (default): its 20 language codes, global anchor hrefs only as absolute http(s) URLs; a `$schema` the platform rejects is only info.",
    languageCodes: new Set(LANGUAGE_CODES),
    globalAnchorHrefs: 'external',
    schemaUrl: 'hint',
    checksSettings: false,
  },
  platform: {
    name: 'platform',
    description:
      'What the hosted platform accepts: its ~40 language codes, global anchor hrefs that are absolute URLs, /paths, #hashes or mailto: links, `$schema` only as an absolute URL; and every other setting of docs.json, and a mint.json beside it, as its build checks them.',
    languageCodes: new Set(PLATFORM_LANGUAGE_CODES),
    globalAnchorHrefs: 'platform',
    schemaUrl: 'problem',
    checksSettings: true,
  },
};

const DEFAULT_PROFILE: ProfileName = 'spec';

export function isProfileName(value: unknown): value is ProfileName {
  return value === 'spec' || value === 'platform';
}

/** The profile these options name (the default when none). */
export function profileOf(name: ProfileName | undefined): Profile {
  return PROFILES[name ?? DEFAULT_PROFILE] ?? PROFILES[DEFAULT_PROFILE];
}

/** The end of a message under the spec profile for a value the platform profile accepts. */
export function platformAlsoAccepts(value: string): string {
  return `the hosted platform also accepts "${value}": use the platform profile (--profile platform, or "extends": "platform" in docsnav.config.json)`;
}
