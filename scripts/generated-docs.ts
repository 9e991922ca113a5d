/**
 * What the registries write into the repository's documents: the table of problem codes in
 * docs/checks.md, the table of formats and the copy of `docsnav --help` in docs/cli.md,
 * CONTRIBUTING's table of extension points, the rule docs' index (docs/rules/README.md) and the
 * config schema's profiles and rules. Pure: it reads the committed files and returns what each
 * should hold. `npm run docs` writes them (scripts/generate-docs.mjs); test/docs/generated.test.ts
 * fails when a committed copy is stale.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { allCodes, codes, ruleDocPath, type Code } from '../src/codes.js';
import { COMMAND_NAMES } from '../src/cli/commands.js';
import { mainHelp } from '../src/cli/help.js';
import { DEFAULT_PROFILE, PROFILE_NAMES, PROFILES } from '../src/config/profiles.js';
import { FIXABLE_CODES } from '../src/fix/fixable.js';
import { FORMATS, formats } from '../src/report/formats.js';
import { RULES } from '../src/rules/index.js';

export interface GeneratedFile {
  /** Relative to the repository root, with `/`. */
  file: string;
  text: string;
}

/** The severities a rule can be set to, in the config file and with `--rule`. */
const SEVERITY_SETTINGS = ['off', 'info', 'warning', 'error'];

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** docs/checks.md's table of problem codes, each linking its page. */
function rulesTable(link: (code: Code) => string): string {
  const rows = allCodes.map((code) => {
    const info = codes[code];
    return `| [\`${code}\`](${link(code)}) | ${info.severity} | ${info.source} | ${cell(info.description)} | ${FIXABLE_CODES.has(code) ? 'yes' : ''} |`;
  });
  return ['| code | default | from | what it catches | fix |', '|---|---|---|---|---|', ...rows].join('\n');
}

function formatsTable(): string {
  const rows = formats.map((name) => `| \`${name}\`${name === formats[0] ? ' (default)' : ''} | ${cell(FORMATS[name].description)} |`);
  return ['| `--format` | what it writes |', '|---|---|', ...rows].join('\n');
}

function helpBlock(): string {
  return ['```text', '$ docsnav --help', mainHelp().trimEnd(), '```'].join('\n');
}

/** CONTRIBUTING's table: each extension point, where its registry is, what the compiler completes it against, what it holds. */
function extensionPointsTable(): string {
  const names = (list: readonly string[]) => list.map((name) => `\`${name}\``).join(', ');
  const rows = [
    ['problem codes', '`codes` in `src/codes.ts`', '`Code`', `${allCodes.length} codes`],
    ['semantic rules', '`RULES` in `src/rules/index.ts`', '`RuleCode` (the codes whose source is `rule`, but `mint-json-invalid`)', names(Object.keys(RULES))],
    ['report formats', '`FORMATS` in `src/report/formats.ts`', '`Format`', names(formats)],
    ['profiles', '`PROFILES` in `src/config/profiles.ts`', '`ProfileName`', names(PROFILE_NAMES)],
    ['CLI commands', '`COMMANDS` in `src/cli/commands.ts` (options: `src/cli/options.ts`)', '`CommandName`', names(COMMAND_NAMES)],
  ];
  return ['| extension point | registry | keyed by | entries |', '|---|---|---|---|', ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

/** docs/rules/README.md: every code, linking its page. */
function ruleDocsIndex(): string {
  const rows = allCodes.map((code) => {
    const info = codes[code];
    return `| [\`${code}\`](${path.basename(ruleDocPath(code))}) | ${cell(info.title)} | ${info.severity} | ${info.source} | ${FIXABLE_CODES.has(code) ? 'yes' : ''} |`;
  });
  return [
    '# Problem codes',
    '',
    'Every code docsnav reports, with its default severity, where it comes from (the parser, the JSON Schema, a semantic rule, the resolver or the config file) and whether `--fix` fixes it. Each page says what the code catches, why it matters on the platform, an invalid and a valid example, and how to fix it. Severities can be set per code with `--rule <code>=off|info|warning|error` or `rules` in the config file.',
    '',
    '<!-- Generated from src/codes.ts by `npm run docs` (scripts/generated-docs.ts): do not edit. -->',
    '',
    '| code | title | default | from | `--fix` |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** The config schema with its `extends` and `rules` written from the profile and code registries. */
function configSchema(text: string): string {
  const schema = JSON.parse(text) as { properties: Record<string, Record<string, unknown>> };
  schema.properties.extends = {
    ...schema.properties.extends,
    description: `The profile to check against. ${PROFILE_NAMES.map((name) => `\`${name}\`: ${PROFILES[name].description}`).join(' ')}`,
    enum: [...PROFILE_NAMES],
    default: DEFAULT_PROFILE,
  };
  schema.properties.rules = {
    ...schema.properties.rules,
    properties: Object.fromEntries(
      allCodes
        .filter((code) => code !== 'config-invalid')
        .map((code) => [code, { description: `${codes[code].description} (default: ${codes[code].severity})`, type: 'string', enum: SEVERITY_SETTINGS }]),
    ),
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}

/**
 * `text` with the part between `<!-- generated:name -->` and `<!-- /generated:name -->` replaced.
 * A document without the markers is an error: the generated part must have a place.
 */
export function replaceSection(text: string, name: string, content: string, file: string): string {
  const open = `<!-- generated:${name} -->`;
  const close = `<!-- /generated:${name} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start === -1 || end < start) throw new Error(`${file} has no ${open} … ${close} section`);
  return `${text.slice(0, start + open.length)}\n${content}\n${text.slice(end)}`;
}

/** Every generated document, as the registries say it should be. */
export function generatedFiles(root: string): GeneratedFile[] {
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  // Each code's page, as a link from docs/checks.md (docs/rules/x.md is rules/x.md there).
  const checks = replaceSection(
    read('docs/checks.md'),
    'rules',
    rulesTable((code) => path.posix.relative('docs', ruleDocPath(code))),
    'docs/checks.md',
  );
  let cli = read('docs/cli.md');
  cli = replaceSection(cli, 'formats', formatsTable(), 'docs/cli.md');
  cli = replaceSection(cli, 'help', helpBlock(), 'docs/cli.md');
  const contributing = replaceSection(read('CONTRIBUTING.md'), 'extension-points', extensionPointsTable(), 'CONTRIBUTING.md');
  return [
    { file: 'docs/checks.md', text: checks },
    { file: 'docs/cli.md', text: cli },
    { file: 'CONTRIBUTING.md', text: contributing },
    { file: 'docs/rules/README.md', text: ruleDocsIndex() },
    { file: 'schema/config.schema.json', text: configSchema(read('schema/config.schema.json')) },
  ];
}
