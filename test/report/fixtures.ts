import type { Code } from '../../src/codes.js';
import type { Problem, Range, Severity } from '../../src/problem.js';
import type { ValidationResult } from '../../src/result.js';

/** The range of the `occurrence`-th `needle` in `text` (1-based, end column exclusive; single line). */
export function rangeOf(text: string, needle: string, occurrence = 0): Range {
  let offset = -1;
  for (let i = 0; i <= occurrence; i++) {
    offset = text.indexOf(needle, offset + 1);
    if (offset < 0) throw new Error(`${JSON.stringify(needle)} not found`);
  }
  const before = text.slice(0, offset).split('\n');
  const line = before.length;
  const column = before[before.length - 1].length + 1;
  return { line, column, endLine: line, endColumn: column + needle.length };
}

export function problem(
  code: Code,
  severity: Severity,
  file: string,
  range: Range,
  message: string,
  extra: { pointer?: string; suggest?: string } = {},
): Problem {
  const p: Problem = { code, severity, message, file, pointer: extra.pointer ?? '', ...range };
  if (extra.suggest !== undefined) p.suggest = extra.suggest;
  return p;
}

export const docsJson = [
  '{',
  '  "navigation": {',
  '    "languages": [',
  '      { "language": "xx", "groups": [] }',
  '    ],',
  '    "tabs": { "$ref": "nav/tabs.json" }',
  '  }',
  '}',
  '',
].join('\n');

/** A `$ref` target: its problems carry its own file name. */
const tabsJson = [
  '[',
  '  {',
  '    "tab": "API",',
  '    "groups": [{ "group": "Intro", "expanded": true, "pages": ["intro"] }],',
  '    "openapi": "https://example.com/openapi.json"',
  '  }',
  ']',
  '',
].join('\n');

/** Minified, on one line, about 2 MB, with a typo'd key in the middle. */
const minifiedJson =
  '{"navigation":{"pages":[' +
  Array.from({ length: 75_000 }, (_, i) => `"page-${String(i).padStart(6, '0')}"`).join(',') +
  '],"langauge":"fr","groups":[' +
  Array.from({ length: 75_000 }, (_, i) => `"group-${String(i).padStart(6, '0')}"`).join(',') +
  ']}}';

export const primaryPattern = problem(
  'primary-pattern',
  'error',
  'docs.json',
  { line: 2, column: 3, endLine: 7, endColumn: 4 },
  'The navigation root holds both `languages` and `tabs`; keep exactly one.',
  { pointer: '/navigation' },
);

export const languageCode = problem('language-code', 'error', 'docs.json', rangeOf(docsJson, '"xx"'), 'Unsupported language code "xx".', {
  pointer: '/navigation/languages/0/language',
  suggest: 'es',
});

export const expandedTopLevel = problem(
  'expanded-top-level',
  'warning',
  'nav/tabs.json',
  rangeOf(tabsJson, '"expanded"'),
  '`expanded` has no effect on a top-level group.',
  { pointer: '/0/groups/0/expanded' },
);

const openapiRemote = problem(
  'openapi-remote',
  'info',
  'nav/tabs.json',
  rangeOf(tabsJson, '"https://example.com/openapi.json"'),
  'The OpenAPI URL https://example.com/openapi.json was not fetched.',
  { pointer: '/0/openapi' },
);

const unknownField = problem('unknown-field', 'error', 'min/docs.json', rangeOf(minifiedJson, '"langauge"'), 'Unknown field "langauge".', {
  pointer: '/navigation/langauge',
  suggest: 'language',
});

/** In a file whose text the result does not carry: no frame. */
const pageNotFound = problem(
  'page-not-found',
  'error',
  'min/missing.json',
  { line: 3, column: 5, endLine: 3, endColumn: 12 },
  'No intro.mdx or intro.md under the docs root.',
  { pointer: '/pages/0' },
);

export const mainResult: ValidationResult = {
  file: 'docs.json',
  problems: [primaryPattern, languageCode, expandedTopLevel, openapiRemote],
  sources: { 'docs.json': docsJson, 'nav/tabs.json': tabsJson },
};

export const minifiedResult: ValidationResult = {
  file: 'min/docs.json',
  problems: [unknownField, pageNotFound],
  sources: { 'min/docs.json': minifiedJson },
};

export const cleanResult: ValidationResult = {
  file: 'clean/docs.json',
  problems: [],
  sources: { 'clean/docs.json': '{ "navigation": { "pages": ["index"] } }\n' },
};

export const results: ValidationResult[] = [mainResult, minifiedResult, cleanResult];

export function result(file: string, problems: Problem[], sources: Record<string, string> = {}): ValidationResult {
  return { file, problems, sources };
}
