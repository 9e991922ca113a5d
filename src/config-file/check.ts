/**
 * Checks a parsed config value against schema/config.schema.json, by hand: the config is a
 * handful of keys, and a hand check keeps ajv out of every run's start-up. A test keeps this
 * and the shipped schema in agreement.
 */
import { allCodes, isCode, type Code } from '../codes.js';
import { isPlainObject } from '../navigation/model.js';
import type { Finding, SeveritySetting } from '../problem.js';
import { childPointer } from '../source/pointer.js';
import { closest } from '../suggest.js';
import { capitalize } from '../text.js';
import { ignorePatternProblem } from '../config/ignore.js';
import { isProfileName, PROFILE_NAMES, type ProfileName } from '../config/profiles.js';

/** What a config file may set: a subset of the validate options. */
export interface ConfigOptions {
  profile?: ProfileName;
  rules?: Partial<Record<Code, SeveritySetting>>;
  languageCodes?: string[];
  ignore?: string[];
}

const CONFIG_KEYS = ['$schema', 'extends', 'rules', 'languageCodes', 'ignore'] as const;
/** Every code but `config-invalid`, which a config cannot turn off. */
const CONFIGURABLE_CODES = allCodes.filter((code) => code !== 'config-invalid');
const SEVERITY_SETTINGS: readonly SeveritySetting[] = ['off', 'info', 'warning', 'error'];
/** What ESLint users write, to suggest ours. */
const SEVERITY_ALIASES: Readonly<Record<string, SeveritySetting>> = {
  warn: 'warning',
  err: 'error',
  none: 'off',
  disabled: 'off',
  '0': 'off',
  '1': 'warning',
  '2': 'error',
};

type ConfigFinding = Omit<Finding, 'code'>;

/** The options a config value sets, and what is wrong with it (pointers are under `base`). */
export function checkConfig(value: unknown, base = ''): { options: ConfigOptions; findings: ConfigFinding[] } {
  const findings: ConfigFinding[] = [];
  const options: ConfigOptions = {};
  if (!isPlainObject(value)) {
    findings.push({ message: `The config must be an object (got ${kindOf(value)}), e.g. { "extends": "platform" }.`, pointer: base });
    return { options, findings };
  }
  for (const key of Object.keys(value)) {
    const pointer = childPointer(base, key);
    const item = value[key];
    switch (key) {
      case '$schema':
        if (typeof item !== 'string') findings.push(typeError('`$schema`', 'a string', item, pointer));
        break;
      case 'extends':
        if (isProfileName(item)) options.profile = item;
        else if (typeof item === 'string') {
          findings.push({
            message: `Unknown profile "${item}": \`extends\` is one of ${PROFILE_NAMES.join(', ')}.`,
            pointer,
            suggest: closest(item, PROFILE_NAMES),
          });
        } else findings.push(typeError('`extends`', `one of ${PROFILE_NAMES.map((name) => `"${name}"`).join(', ')}`, item, pointer));
        break;
      case 'rules':
        options.rules = checkRules(item, pointer, findings);
        break;
      case 'languageCodes':
        options.languageCodes = checkStrings(item, pointer, '`languageCodes`', findings, (code) =>
          /^[A-Za-z0-9-]+$/.test(code) ? undefined : `"${code}" is not a language code (letters, digits and "-" only)`,
        );
        break;
      case 'ignore':
        options.ignore = checkStrings(item, pointer, '`ignore`', findings, ignorePatternProblem);
        break;
      default:
        findings.push({
          message: `\`${key}\` is not a config key (the keys are ${CONFIG_KEYS.filter((k) => k !== '$schema').join(', ')}).`,
          pointer,
          at: 'key',
          suggest: closest(key, CONFIG_KEYS),
        });
    }
  }
  return { options, findings };
}

function checkRules(value: unknown, pointer: string, findings: ConfigFinding[]): ConfigOptions['rules'] {
  if (!isPlainObject(value)) {
    findings.push(typeError('`rules`', 'an object of code: severity, e.g. { "page-not-found": "warning" }', value, pointer));
    return undefined;
  }
  const rules: Partial<Record<Code, SeveritySetting>> = {};
  for (const code of Object.keys(value)) {
    const at = childPointer(pointer, code);
    const severity = value[code];
    if (code === 'config-invalid') {
      findings.push({ message: '`config-invalid` cannot be set: a bad config always stops the run.', pointer: at, at: 'key' });
      continue;
    }
    if (!isCode(code)) {
      findings.push({
        message: `Unknown code "${code}" in \`rules\` (the codes are listed in README.md).`,
        pointer: at,
        at: 'key',
        suggest: closest(code, CONFIGURABLE_CODES),
      });
      continue;
    }
    if (typeof severity === 'string' && (SEVERITY_SETTINGS as readonly string[]).includes(severity)) {
      rules[code] = severity as SeveritySetting;
    } else if (typeof severity === 'string') {
      const suggest = ownAlias(severity.toLowerCase()) ?? closest(severity, SEVERITY_SETTINGS);
      findings.push({ message: `Unknown severity "${severity}" for ${code}: use ${SEVERITY_SETTINGS.join(', ')}.`, pointer: at, suggest });
    } else {
      const suggest = typeof severity === 'number' ? ownAlias(String(severity)) : undefined;
      findings.push({ ...typeError(`The severity of ${code}`, `one of ${SEVERITY_SETTINGS.map((s) => `"${s}"`).join(', ')}`, severity, at), suggest });
    }
  }
  return rules;
}

/** An array of strings, each passing `problemOf`. */
function checkStrings(
  value: unknown,
  pointer: string,
  what: string,
  findings: ConfigFinding[],
  problemOf: (item: string) => string | undefined,
): string[] | undefined {
  if (!Array.isArray(value)) {
    findings.push(typeError(what, 'an array of strings', value, pointer));
    return undefined;
  }
  const items: string[] = [];
  value.forEach((item, index) => {
    const at = childPointer(pointer, index);
    if (typeof item !== 'string') {
      findings.push(typeError(`Each entry of ${what}`, 'a string', item, at));
      return;
    }
    const problem = problemOf(item);
    if (problem) findings.push({ message: `${capitalize(problem)}.`, pointer: at });
    else items.push(item);
  });
  return items;
}

function ownAlias(word: string): SeveritySetting | undefined {
  return Object.prototype.hasOwnProperty.call(SEVERITY_ALIASES, word) ? SEVERITY_ALIASES[word] : undefined;
}

function typeError(what: string, expected: string, value: unknown, pointer: string): ConfigFinding {
  return { message: `${what} must be ${expected} (got ${kindOf(value)}).`, pointer };
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  return `a ${typeof value}`;
}
