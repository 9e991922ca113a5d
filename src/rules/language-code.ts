import { PROFILES, platformAlsoAccepts } from '../config/profiles.js';
import { pointerOf } from '../navigation/walk.js';
import { closest } from '../suggest.js';
import type { NavigationRule } from './types.js';

/** ISO codes people write, mapped to the spec's spelling of the same language. */
export const ALIASES: Readonly<Record<string, string>> = {
  uk: 'ua',
  vi: 'vn',
  ja: 'jp',
  zh: 'cn',
  'zh-cn': 'cn',
  'zh-hans': 'cn',
  'zh-tw': 'zh-Hant',
  'zh-hk': 'zh-Hant',
  pt: 'pt-BR',
  'pt-pt': 'pt-BR',
  nb: 'no',
  nn: 'no',
  'en-us': 'en',
  'en-gb': 'en',
  'es-es': 'es',
  'es-mx': 'es',
  'fr-fr': 'fr',
  'de-de': 'de',
  'ko-kr': 'ko',
  'ja-jp': 'jp',
};

/** The spec's own spellings, mapped to the platform's (which has no `ua` or `vn`). */
const PLATFORM_ALIASES: Readonly<Record<string, string>> = {
  ua: 'uk',
  vn: 'vi',
  'zh-hk': 'zh-TW',
  nb: 'no',
  nn: 'no',
};

/** `language` is one of the profile's codes (or one the user added). */
export const languageCode: NavigationRule = {
  code: 'language-code',
  create(context) {
    const { profile } = context;
    const allowed = new Set<string>([...profile.languageCodes, ...context.languageCodes]);
    const supported = [...allowed].join(', ');
    const byLowerCase = new Map([...allowed].map((code) => [code.toLowerCase(), code]));
    return {
      element(node) {
        const isLanguage = node.kind === 'language' || node.kind === 'global-language';
        if (!isLanguage) return;
        const code = node.value.language;
        if (typeof code !== 'string' || allowed.has(code)) return;
        const pointer = pointerOf(node.path, 'language');
        if (profile.name !== 'platform' && PROFILES.platform.languageCodes.has(code)) {
          // The site works on the platform as written: the answer is the platform profile, not another
          // code (`uk` -> `ua` would break it there, `pl` -> `nl` is another language). The platform builds it: a warning, unless `rules` ask for more.
          context.report({
            message: `"${code}" is not a supported language code: the spec allows ${supported}; ${platformAlsoAccepts(code)}.`,
            pointer,
            severity: profile.beyondPlatform,
          });
          return;
        }
        const lower = code.toLowerCase();
        // The spec's or the platform's spelling, the right case, else the language without its region (`pl-PL` -> `pl`).
        const alias = [ALIASES[lower], PLATFORM_ALIASES[lower], byLowerCase.get(lower), lower.split('-')[0]].find(
          (candidate) => candidate !== undefined && allowed.has(candidate),
        );
        const suggest = alias ?? closest(code, allowed);
        const message = `"${code}" is not a supported language code. Supported${profile.name === 'platform' ? ' by the hosted platform' : ''}: ${supported}. (Add more with --language-codes or "languageCodes" in the config.)`;
        context.report({ message, pointer, suggest });
      },
    };
  },
};
