import { LANGUAGE_CODES } from '../navigation/model.js';
import { pointerOf } from '../navigation/walk.js';
import { closest } from '../suggest.js';
import type { Rule } from './types.js';

/** ISO codes people write, mapped to the platform's spelling of the same language. */
const ALIASES: Readonly<Record<string, string>> = {
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

/** `language` is one of the spec's codes (or one the user added). */
export const languageCode: Rule = {
  code: 'language-code',
  create(context) {
    const allowed = new Set<string>([...LANGUAGE_CODES, ...context.languageCodes]);
    return {
      element(node) {
        const isLanguage = node.kind === 'language' || node.kind === 'global-language';
        if (!isLanguage) return;
        const code = node.value.language;
        if (typeof code !== 'string' || allowed.has(code)) return;
        const alias = ALIASES[code.toLowerCase()];
        const suggest = alias && allowed.has(alias) ? alias : closest(code, allowed);
        context.report({
          message: `"${code}" is not a supported language code. Supported: ${[...allowed].join(', ')}. (Add more with --language-codes.)`,
          pointer: pointerOf(node.path, 'language'),
          suggest,
        });
      },
    };
  },
};
