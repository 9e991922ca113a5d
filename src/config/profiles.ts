/**
 * Profiles: which contract docsnav checks against. `spec` (the default) is the spec we were
 * given; `platform` is what the hosted platform accepts today (platform-facts §1a), for teams
 * whose site runs there. A profile changes only what the two spec-strict rules (`language-code`,
 * `external-href`) accept; every other check, and every severity, is the same under both.
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

export interface Profile {
  name: ProfileName;
  /** One line for help texts and the config schema. */
  description: string;
  /** The language codes accepted (before any `languageCodes` added by the user). */
  languageCodes: ReadonlySet<string>;
  globalAnchorHrefs: GlobalAnchorHrefs;
}

export const PROFILES: Readonly<Record<ProfileName, Profile>> = {
  spec: {
    name: 'spec',
    description: "The spec's contract (default): its 20 language codes, global anchor hrefs only as absolute http(s) URLs.",
    languageCodes: new Set(LANGUAGE_CODES),
    globalAnchorHrefs: 'external',
  },
  platform: {
    name: 'platform',
    description: 'What the hosted platform accepts: its ~40 language codes, and global anchor hrefs that are absolute URLs, /paths, #hashes or mailto: links.',
    languageCodes: new Set(PLATFORM_LANGUAGE_CODES),
    globalAnchorHrefs: 'platform',
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
