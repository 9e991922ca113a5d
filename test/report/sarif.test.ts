import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import AjvDraft04Module from 'ajv-draft-04';
import { describe, expect, it } from 'vitest';
import { allCodes, codes, ruleDocPath } from '../../src/codes.js';
import type { Problem } from '../../src/problem.js';
import { fileUri, fingerprint, formatSarif, type SarifLog, type SarifOptions } from '../../src/report/sarif.js';
import { docsJson, expandedTopLevel, languageCode, mainResult, primaryPattern, problem, rangeOf, result, results } from './fixtures.js';

type Json = Record<string, unknown>;

const parse = (text: string) => JSON.parse(text) as SarifLog;
const sarif = (r = results) => parse(formatSarif(r, { toolVersion: '1.2.3' }));

/**
 * The official SARIF 2.1.0 JSON Schema (OASIS, as published by Microsoft's SARIF team), from the
 * pinned devDependency @microsoft/jest-sarif, compiled with ajv for draft-04. Formats are
 * checked too: `uri` (helpUri, originalUriBaseIds) and `uri-reference`
 * (artifact URIs).
 */
const schemaFile = createRequire(import.meta.url).resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
// ajv-draft-04 is CommonJS with `exports.default`: under NodeNext its default import is the module.
type AjvDraft04Class = new (options?: Record<string, unknown>) => import('ajv').Ajv;
const AjvDraft04: AjvDraft04Class = (AjvDraft04Module as unknown as { default: AjvDraft04Class }).default ?? (AjvDraft04Module as unknown as AjvDraft04Class);
const ajv = new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false }); // the schema's language pattern is not valid with the u flag;
ajv.addFormat('uri', (value: string) => /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value) && URL.canParse(value));
ajv.addFormat('uri-reference', (value: string) => isUriReference(value));
ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)));
const validateSarif = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')) as object);

/** Schema errors plus what GitHub code scanning needs beyond the schema (ruleId, a location with a region). */
function sarifErrors(log: unknown): string[] {
  const errors = validateSarif(log)
    ? []
    : (validateSarif.errors ?? []).map((e: { instancePath: string; message?: string }) => `${e.instancePath || '/'} ${e.message}`);
  const runs = (log as { runs?: Array<{ results?: Json[] }> }).runs ?? [];
  runs.forEach((run, r) =>
    (run.results ?? []).forEach((res, i) => {
      if (typeof res.ruleId !== 'string') errors.push(`/runs/${r}/results/${i}: no ruleId (GitHub needs one)`);
      const locations = res.locations as Array<{ physicalLocation?: { region?: unknown } }> | undefined;
      if (!locations?.[0]?.physicalLocation?.region) errors.push(`/runs/${r}/results/${i}: no region (GitHub needs one)`);
    }),
  );
  return errors;
}

/** RFC 3986 URI-reference: allowed characters, valid escapes, no `:` in a relative path's first segment. */
function isUriReference(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (!/^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]]|%[0-9A-Fa-f]{2})*$/.test(value)) return false;
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value)) return true;
  return !value.split('/')[0].includes(':');
}

describe('formatSarif', () => {
  it('is a SARIF 2.1.0 log as the schema and GitHub code scanning want it', () => {
    expect(sarifErrors(sarif())).toEqual([]);
    expect(sarifErrors(parse(formatSarif([])))).toEqual([]);
  });

  it('has a checker that does catch mistakes', () => {
    const broken = sarif() as unknown as { runs: { results: Json[]; tool: { driver: Json } }[] };
    delete broken.runs[0].results[0].ruleId;
    (broken.runs[0].results[1] as { level: string }).level = 'info';
    broken.runs[0].results[2].extra = 1;
    (broken.runs[0].tool.driver.rules as Json[])[0].helpUri = 'not a uri';
    const errors = sarifErrors(broken);
    expect(errors).toContain('/runs/0/results/0: no ruleId (GitHub needs one)');
    expect(errors).toContain('/runs/0/results/1/level must be equal to one of the allowed values');
    expect(errors).toContain('/runs/0/results/2 must NOT have additional properties');
    expect(errors).toContain('/runs/0/tool/driver/rules/0/helpUri must match format "uri"');
  });

  it('validates against the schema with a repository root, file URIs and every code', () => {
    const every = result(
      'docs.json',
      allCodes.map((code) => problem(code, codes[code].severity, 'sites/a b/docs.json', { line: 1, column: 1, endLine: 1, endColumn: 2 }, code)),
    );
    const log = parse(
      formatSarif([every, result('/elsewhere/docs.json', [languageCode])], {
        toolVersion: '0.1.0-rc.1',
        srcRoot: '/repo',
        cwd: '/repo/sub',
        ruleDocsUrl: 'https://git.example.com/docsnav/blob/main/docs/rules/',
      }),
    );
    expect(sarifErrors(log)).toEqual([]);
  });

  it('names the schema, the version and the tool', () => {
    const log = sarif();
    expect(log.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const { driver } = log.runs[0].tool;
    expect(driver.name).toBe('docsnav');
    expect(driver.version).toBe('1.2.3');
    expect(driver.semanticVersion).toBe('1.2.3');
    // docsnav has no public home yet: no address is made up.
    expect('informationUri' in driver).toBe(false);
    expect(log.runs[0].columnKind).toBe('utf16CodeUnits');
    expect('version' in parse(formatSarif(results)).runs[0].tool.driver).toBe(false);
    expect('semanticVersion' in parse(formatSarif(results, { toolVersion: 'dev build' })).runs[0].tool.driver).toBe(false);
  });

  it('lists every code as a rule, in the order of codes, with its whole doc as help', () => {
    const { rules } = sarif().runs[0].tool.driver;
    expect(rules.map((rule) => rule.id)).toEqual(allCodes);
    const byId = new Map(rules.map((rule) => [rule.id, rule]));
    expect(byId.get('language-code')?.name).toBe('LanguageCode');
    expect(byId.get('ref-not-found')?.name).toBe('RefNotFound');
    expect(byId.get('path-outside-root')?.name).toBe('PathOutsideRoot');
    for (const rule of rules) {
      const info = codes[rule.id];
      expect(rule.name).toMatch(/^([A-Z][a-z]+)+$/);
      expect(rule.shortDescription.text).toBe(info.title);
      expect(rule.fullDescription.text).toBe(info.description);
      expect(rule.help.text).toBe(
        info.source === 'config' ? info.description : `${info.description} Set its severity with --rule ${rule.id}=off|warning|error.`,
      );
      expect(rule.help.markdown).toBe(readFileSync(ruleDocPath(rule.id), 'utf8'));
      expect('helpUri' in rule).toBe(false);
      expect(rule.properties.tags).toEqual(['docs.json', 'navigation', info.source]);
      expect(rule.properties.precision).toBe(info.source === 'rule' || info.source === 'resolve' ? 'high' : 'very-high');
    }
    expect(byId.get('parse-error')?.defaultConfiguration.level).toBe('error');
    expect(byId.get('parse-error')?.properties['problem.severity']).toBe('error');
    expect(byId.get('expanded-top-level')?.defaultConfiguration.level).toBe('warning');
    expect(byId.get('expanded-top-level')?.properties['problem.severity']).toBe('warning');
    expect(byId.get('openapi-remote')?.defaultConfiguration.level).toBe('note');
    expect(byId.get('openapi-remote')?.properties['problem.severity']).toBe('recommendation');
  });

  it('links each rule to the published copy of the docs when one is named', () => {
    for (const ruleDocsUrl of ['https://git.example.com/docsnav/blob/main/docs/rules', 'https://git.example.com/docsnav/blob/main/docs/rules/']) {
      const { rules } = parse(formatSarif(results, { ruleDocsUrl })).runs[0].tool.driver;
      expect(rules.map((rule) => rule.helpUri)).toEqual(allCodes.map((code) => `https://git.example.com/docsnav/blob/main/docs/rules/${code}.md`));
    }
  });

  it('writes artifact URIs relative to the repository root, with %SRCROOT% and its originalUriBaseIds', () => {
    const outside = problem('page-path', 'warning', '/elsewhere/docs.json', { line: 1, column: 1, endLine: 1, endColumn: 2 }, 'Untidy.');
    const log = parse(formatSarif([mainResult, result('/elsewhere/docs.json', [outside])], { srcRoot: '/repo', cwd: '/repo/site' }));
    const run = log.runs[0];
    expect(run.originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: 'file:///repo/', description: { text: 'The repository root.' } } });
    expect(run.results.map((r) => r.locations[0].physicalLocation.artifactLocation)).toEqual([
      { uri: 'site/docs.json', uriBaseId: '%SRCROOT%' },
      { uri: 'site/docs.json', uriBaseId: '%SRCROOT%' },
      { uri: 'site/nav/tabs.json', uriBaseId: '%SRCROOT%' },
      { uri: 'site/nav/tabs.json', uriBaseId: '%SRCROOT%' },
      { uri: 'file:///elsewhere/docs.json' },
    ]);
    // without a root, relative names are taken as relative to it already
    expect(sarif().runs[0].results[0].locations[0].physicalLocation.artifactLocation).toEqual({ uri: 'docs.json', uriBaseId: '%SRCROOT%' });
    expect(sarif().runs[0].originalUriBaseIds).toBeUndefined();
  });

  it('names a problem in a spec read from a URL (--allow-remote) by that URL, whatever the root; a path with :// inside is a path', () => {
    const at = (file: string, options: SarifOptions = {}) => {
      const found = problem('openapi-invalid', 'error', file, { line: 1, column: 1, endLine: 1, endColumn: 2 }, 'Invalid.');
      const log = parse(formatSarif([result(file, [found])], options));
      expect(sarifErrors(log)).toEqual([]);
      return log.runs[0].results[0].locations[0].physicalLocation.artifactLocation;
    };
    for (const url of ['https://example.com/specs/openapi.json', 'HTTP://EXAMPLE.com/a.json', 'git+ssh.x-y://host/x.json'])
      for (const options of [{}, { srcRoot: '/repo', cwd: '/repo/site' }]) expect(at(url, options), `${url} ${JSON.stringify(options)}`).toEqual({ uri: url });
    // Not a scheme: a one-letter one (a Windows drive), a digit first, or not at the start.
    expect(at('h://x.json')).toEqual({ uri: 'file:///h://x.json' });
    expect(at('1http://x.json')).toEqual({ uri: '1http%3A//x.json', uriBaseId: '%SRCROOT%' });
    expect(at('specs/https://x.json')).toEqual({ uri: 'specs/https%3A//x.json', uriBaseId: '%SRCROOT%' });
  });

  it('a repository root at the file system’s root, or written with a slash at its end, has one slash at the end of its URI', () => {
    for (const [srcRoot, uri] of [
      ['/', 'file:///'],
      ['/repo/', 'file:///repo/'],
      ['/repo', 'file:///repo/'],
    ])
      expect(parse(formatSarif(results, { srcRoot, cwd: '/repo' })).runs[0].originalUriBaseIds?.['%SRCROOT%'].uri, srcRoot).toBe(uri);
  });

  it.each([
    ['1.2.3', true],
    ['10.20.30', true],
    ['1.2.3-rc.1', true],
    ['1.2.3-rc-1.x', true],
    ['1.2.3+build.5', true],
    ['1.2.3-rc.1+b-7', true],
    ['v1.2.3', false],
    ['1.2.3 beta', false],
    ['1.2', false],
    ['1.2.3-', false],
    ['1.2.3+', false],
    ['1.2.3-rc!', false],
    ['1.2.3+b!', false],
    ['1.2.3.4', false],
  ])('the tool version %j is a semantic version: %s', (toolVersion, semantic) => {
    const { driver } = parse(formatSarif(results, { toolVersion })).runs[0].tool;
    expect(driver.version).toBe(toolVersion);
    expect(driver.semanticVersion).toBe(semantic ? toolVersion : undefined);
  });

  it('gives the whole suggestion, however long (a report for machines is not cut)', () => {
    const suggest = `pages/${'long-segment/'.repeat(30)}end`;
    const long = { ...languageCode, suggest };
    const [res] = sarif([result('docs.json', [long])]).runs[0].results;
    expect(res.message.text).toBe(`${long.message} Suggestion: use ${JSON.stringify(suggest)}.`);
  });

  it('a range that ends before it starts on its line ends where it starts; on a later line it is kept', () => {
    const at = (range: { line: number; column: number; endLine: number; endColumn: number }) =>
      sarif([result('docs.json', [problem('parse-error', 'error', 'docs.json', range, 'Broken.')])]).runs[0].results[0].locations[0].physicalLocation.region;
    expect(at({ line: 3, column: 10, endLine: 3, endColumn: 5 })).toEqual({ startLine: 3, startColumn: 10, endLine: 3, endColumn: 10 });
    expect(at({ line: 3, column: 10, endLine: 4, endColumn: 5 })).toEqual({ startLine: 3, startColumn: 10, endLine: 4, endColumn: 5 });
    expect(at({ line: 3, column: 10, endLine: 3, endColumn: 12 })).toEqual({ startLine: 3, startColumn: 10, endLine: 3, endColumn: 12 });
  });

  it('gives a fix the artifactLocation of its own result: same uri, same uriBaseId, whatever the root and working folder', () => {
    const withFix = (file: string): Problem => ({
      ...problem('language-code', 'error', file, rangeOf(docsJson, '"xx"'), 'Unsupported language code "xx".', { suggest: 'es' }),
      fix: { edits: [{ start: docsJson.indexOf('"xx"'), end: docsJson.indexOf('"xx"') + 4, text: '"es"' }] },
    });
    const locations = (log: SarifLog) =>
      log.runs[0].results.map((r) => ({
        result: r.locations[0].physicalLocation.artifactLocation,
        fixes: (r.fixes ?? []).flatMap((fix) => fix.artifactChanges.map((change) => change.artifactLocation)),
      }));
    const files = [withFix('docs.json'), withFix('nav/tabs.json'), withFix('/elsewhere/docs.json')];
    const cases: Array<[SarifOptions, Array<Record<string, string>>]> = [
      // the CLI run from a subfolder of the repository: cwd-relative names, repository-relative URIs
      [
        { srcRoot: '/repo', cwd: '/repo/site' },
        [{ uri: 'site/docs.json', uriBaseId: '%SRCROOT%' }, { uri: 'site/nav/tabs.json', uriBaseId: '%SRCROOT%' }, { uri: 'file:///elsewhere/docs.json' }],
      ],
      // the CLI run from the repository root
      [
        { srcRoot: '/repo', cwd: '/repo' },
        [{ uri: 'docs.json', uriBaseId: '%SRCROOT%' }, { uri: 'nav/tabs.json', uriBaseId: '%SRCROOT%' }, { uri: 'file:///elsewhere/docs.json' }],
      ],
      // no root: relative names are taken as repository-relative already, absolute ones are file: URIs
      [{}, [{ uri: 'docs.json', uriBaseId: '%SRCROOT%' }, { uri: 'nav/tabs.json', uriBaseId: '%SRCROOT%' }, { uri: 'file:///elsewhere/docs.json' }]],
    ];
    for (const [options, expected] of cases) {
      const log = parse(formatSarif([result('docs.json', files)], options));
      expect(locations(log)).toEqual(expected.map((location) => ({ result: location, fixes: [location] })));
      expect(sarifErrors(log)).toEqual([]);
    }
  });

  it('fingerprints a problem by code, file, pointer and message, not by its line', () => {
    const at = (line: number, message = 'Unknown field "expand".', pointer = '/navigation/groups/0/expand') =>
      parse(
        formatSarif([
          result('docs.json', [problem('unknown-field', 'error', 'docs.json', { line, column: 3, endLine: line, endColumn: 9 }, message, { pointer })]),
        ]),
      ).runs[0].results[0].partialFingerprints['docsnavProblem/v1'];
    expect(at(4)).toMatch(/^[0-9a-f]{64}$/);
    expect(at(40)).toBe(at(4));
    expect(at(4, 'Also listed at line 3.')).toBe(at(40, 'Also listed at line 30.'));
    expect(at(4, 'Unknown field "expnd".')).not.toBe(at(4));
    expect(at(4, undefined, '/navigation/groups/1/expand')).not.toBe(at(4));
    expect(fingerprint({ code: 'page-path', pointer: '', message: 'x' }, 'a.json')).not.toBe(
      fingerprint({ code: 'page-path', pointer: '', message: 'x' }, 'b.json'),
    );
    expect(fingerprint({ code: 'page-path', pointer: '', message: 'x' }, 'a.json')).not.toBe(
      fingerprint({ code: 'page-not-found', pointer: '', message: 'x' }, 'a.json'),
    );
  });

  const print = (message: string) => fingerprint({ code: 'duplicate-page', pointer: '/navigation/pages/1', message }, 'docs.json');
  it.each([
    ['Also listed at line 3.', 'Also listed at line 30.'],
    ['Also listed at lines 3, 5.', 'Also listed at lines 4, 60.'],
    ['Also listed at lines 3,5.', 'Also listed at lines 3,6.'],
    ['Also listed at lines 3 , 5 - 7.', 'Also listed at lines 4 , 6 - 8.'],
    ['Also listed at lines 3-15.', 'Also listed at lines 3-16.'],
    ['At line  3.', 'At line  4.'],
    ['At LINE\t3.', 'At line 4.'],
    ['From column 3 to columns 3-5.', 'From column 4 to columns 7-9.'],
    ['At col 3.', 'At col 12.'],
    ['At docs.json:12.', 'At docs.json:13.'],
    ['At docs.json:12:4.', 'At docs.json:30:1.'],
  ])('line and column numbers are not part of the fingerprint: %j is %j', (a, b) => {
    expect(print(a)).toBe(print(b));
  });

  it.each([
    // What is not a number stays, and a number taken out leaves its mark.
    ['See line 3.', 'See .'],
    ['At docs.json:12.', 'At docs.json.'],
    ['Key group:abc.', 'Key group:xyz.'],
    ['Key a:1:abc.', 'Key a:1:xyz.'],
    ['Lines 3, and a b.', 'Lines 3, and c d.'],
    ['Also listed at line 3 of a.', 'Also listed at line 3 of b.'],
  ])('the rest of the message is: %j is not %j', (a, b) => {
    expect(print(a)).not.toBe(print(b));
  });

  it('writes one result per problem, pointing at its rule, file and region', () => {
    const log = sarif();
    const { rules } = log.runs[0].tool.driver;
    const problems = results.flatMap((r) => r.problems);
    const sarifResults = log.runs[0].results;
    expect(sarifResults).toHaveLength(problems.length);
    const level = { error: 'error', warning: 'warning', info: 'note' } as const;
    sarifResults.forEach((res, i) => {
      const p: Problem = problems[i];
      expect(res.ruleId).toBe(p.code);
      expect(rules[res.ruleIndex!].id).toBe(p.code);
      expect(res.level).toBe(level[p.severity]);
      const { artifactLocation, region } = res.locations[0].physicalLocation;
      expect(artifactLocation).toEqual({ uri: p.file, uriBaseId: '%SRCROOT%' });
      expect(region).toEqual({ startLine: p.line, startColumn: p.column, endLine: p.endLine, endColumn: p.endColumn });
      expect(res.properties.pointer).toBe(p.pointer);
    });
    // a multi-line range, and a problem in the $ref-ed file
    expect(sarifResults[0].locations[0].physicalLocation.region).toEqual({ startLine: 2, startColumn: 3, endLine: 7, endColumn: 4 });
    expect(sarifResults[2].locations[0].physicalLocation.artifactLocation.uri).toBe('nav/tabs.json');
    expect(sarifResults.map((res) => res.level)).toEqual(['error', 'error', 'warning', 'note', 'error', 'error']);
  });

  it('adds the suggestion to the message', () => {
    const [res] = sarif([result('docs.json', [languageCode])]).runs[0].results;
    expect(res.message.text).toBe('Unsupported language code "xx". Suggestion: use "es".');
    const [plain] = sarif([result('docs.json', [primaryPattern])]).runs[0].results;
    expect(plain.message.text).toBe(primaryPattern.message);
  });

  it('clamps a malformed range so that the upload is not rejected', () => {
    const bad = problem('parse-error', 'error', 'docs.json', { line: 0, column: 0, endLine: 0, endColumn: 0 }, 'Empty file.');
    const log = sarif([result('docs.json', [bad])]);
    expect(log.runs[0].results[0].locations[0].physicalLocation.region).toEqual({ startLine: 1, startColumn: 1, endLine: 1, endColumn: 1 });
    expect(sarifErrors(log)).toEqual([]);
  });

  it('reports a problem in a $ref target shared by two checked files once', () => {
    const log = sarif([mainResult, result('other/docs.json', [expandedTopLevel])]);
    expect(log.runs[0].results).toHaveLength(4);
  });

  it('keeps rules and an empty results array when there are no problems', () => {
    const log = parse(formatSarif([result('clean.json', [])], { toolVersion: '0.1.0' }));
    expect(log.runs[0].results).toEqual([]);
    expect(log.runs[0].tool.driver.rules).toHaveLength(allCodes.length);
  });

  it('is 2-space indented JSON ending with a newline', () => {
    const out = formatSarif(results, { toolVersion: '1.2.3' });
    expect(out.startsWith('{\n  "$schema": ')).toBe(true);
    expect(out.endsWith('}\n')).toBe(true);
  });
});

describe('fileUri', () => {
  it.each([
    ['docs.json', 'docs.json'],
    ['nav/tabs.json', 'nav/tabs.json'],
    ['./docs.json', 'docs.json'],
    ['../shared/nav.json', '../shared/nav.json'],
    ['docs\\nav\\tabs.json', 'docs/nav/tabs.json'],
    ['my docs/docs.json', 'my%20docs/docs.json'],
    ['a:b/docs.json', 'a%3Ab/docs.json'],
    ['100%/#x?.json', '100%25/%23x%3F.json'],
    ['sites/dokumentation-für/docs.json', 'sites/dokumentation-f%C3%BCr/docs.json'],
    ['/home/me/site/docs.json', 'file:///home/me/site/docs.json'],
    ['C:\\site\\docs.json', 'file:///C:/site/docs.json'],
    ['\\\\server\\share\\docs.json', 'file://server/share/docs.json'],
    ['bad\uD800.json', 'bad%EF%BF%BD.json'],
    // A lone low surrogate, first or after another character; a whole pair is the character it makes.
    ['\uDC00.json', '%EF%BF%BD.json'],
    ['a\uDC00.json', 'a%EF%BF%BD.json'],
    ['\uD83D\uDE00.json', '%F0%9F%98%80.json'],
    ['\uD83D\uDE00\uDE00.json', '%F0%9F%98%80%EF%BF%BD.json'],
  ])('%s -> %s', (path, uri) => {
    expect(fileUri(path)).toBe(uri);
    expect(isUriReference(uri)).toBe(true);
  });
});

describe('the CLI’s SARIF (fixtures/broken/expected/sarif.txt)', () => {
  it('validates against the official schema', () => {
    const log = JSON.parse(readFileSync('fixtures/broken/expected/sarif.txt', 'utf8')) as SarifLog;
    expect(sarifErrors(log)).toEqual([]);
    expect(log.runs[0].results.length).toBeGreaterThan(10);
  });
});
