import { describe, expect, it } from 'vitest';
import { allCodes, codes } from '../../src/codes.js';
import type { Problem } from '../../src/problem.js';
import { fileUri, formatSarif, type SarifLog } from '../../src/report/sarif.js';
import { expandedTopLevel, languageCode, mainResult, primaryPattern, problem, result, results } from './fixtures.js';

type Json = Record<string, unknown>;

const parse = (text: string) => JSON.parse(text) as SarifLog;
const sarif = (r = results) => parse(formatSarif(r, { toolVersion: '1.2.3' }));

/**
 * The SARIF 2.1.0 schema (OASIS) is not installed and there is no network, so this checks
 * what the schema says about the objects docsnav writes: the properties each object may
 * have (the schema forbids others), the required ones, enums and minimums; plus what GitHub
 * code scanning needs (ruleId, message.text, a location with a region, startLine >= 1).
 */
function sarifErrors(log: unknown): string[] {
  const errors: string[] = [];
  const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
  const object = (v: unknown, at: string, allowed: string[], required: string[] = []): v is Json => {
    if (!isObject(v)) {
      errors.push(`${at}: not an object`);
      return false;
    }
    for (const key of Object.keys(v)) if (!allowed.includes(key)) errors.push(`${at}: property ${key} not allowed`);
    for (const key of required) if (!(key in v)) errors.push(`${at}: ${key} missing`);
    return true;
  };
  const string = (v: unknown, at: string) => typeof v === 'string' || errors.push(`${at}: not a string`);
  const int = (v: unknown, at: string, min: number) =>
    (Number.isInteger(v) && (v as number) >= min) || errors.push(`${at}: not an integer >= ${min}`);
  const oneOf = (v: unknown, at: string, values: string[]) => values.includes(v as string) || errors.push(`${at}: ${String(v)} not allowed`);
  const properties = (v: unknown, at: string) => {
    if (v !== undefined && !isObject(v)) errors.push(`${at}: property bag is not an object`);
  };
  const text = (v: unknown, at: string) => {
    if (object(v, at, ['text', 'markdown', 'properties'], ['text'])) string(v.text, `${at}.text`);
  };
  const levels = ['none', 'note', 'warning', 'error'];

  if (!object(log, '$', ['$schema', 'version', 'runs', 'inlineExternalProperties', 'properties'], ['version', 'runs'])) return errors;
  if (log.$schema !== undefined) string(log.$schema, '$.$schema');
  oneOf(log.version, '$.version', ['2.1.0']);
  if (!Array.isArray(log.runs)) return [...errors, '$.runs: not an array'];
  log.runs.forEach((run: unknown, r) => {
    const at = `$.runs[${r}]`;
    const runProps = ['tool', 'invocations', 'conversion', 'language', 'versionControlProvenance', 'originalUriBaseIds', 'artifacts',
      'logicalLocations', 'graphs', 'results', 'automationDetails', 'runAggregates', 'baselineGuid', 'redactionTokens', 'defaultEncoding',
      'defaultSourceLanguage', 'newlineSequences', 'columnKind', 'externalPropertyFileReferences', 'threadFlowLocations', 'taxonomies',
      'addresses', 'translations', 'policies', 'webRequests', 'webResponses', 'specialLocations', 'properties'];
    if (!object(run, at, runProps, ['tool'])) return;
    if (run.columnKind !== undefined) oneOf(run.columnKind, `${at}.columnKind`, ['utf16CodeUnits', 'unicodeCodePoints']);
    if (object(run.tool, `${at}.tool`, ['driver', 'extensions', 'properties'], ['driver'])) {
      const driver = run.tool.driver;
      const componentProps = ['guid', 'name', 'organization', 'product', 'productSuite', 'shortDescription', 'fullDescription', 'fullName',
        'version', 'semanticVersion', 'dottedQuadFileVersion', 'releaseDateUtc', 'downloadUri', 'informationUri', 'globalMessageStrings',
        'notifications', 'rules', 'taxa', 'locations', 'language', 'contents', 'isComprehensive', 'localizedDataSemanticVersion',
        'minimumRequiredLocalizedDataSemanticVersion', 'associatedComponent', 'translationMetadata', 'supportedTaxonomies', 'properties'];
      if (object(driver, `${at}.tool.driver`, componentProps, ['name'])) {
        string(driver.name, `${at}.tool.driver.name`);
        if (driver.version !== undefined) string(driver.version, `${at}.tool.driver.version`);
        if (driver.informationUri !== undefined && !URL.canParse(driver.informationUri as string)) errors.push('informationUri: not an absolute URI');
        const rules = driver.rules as unknown[];
        if (new Set(rules.map((rule) => JSON.stringify(rule))).size !== rules.length) errors.push('rules: not unique');
        rules.forEach((rule, i) => {
          const rat = `${at}.tool.driver.rules[${i}]`;
          const ruleProps = ['id', 'deprecatedIds', 'guid', 'deprecatedGuids', 'name', 'deprecatedNames', 'shortDescription', 'fullDescription',
            'messageStrings', 'defaultConfiguration', 'helpUri', 'help', 'relationships', 'properties'];
          if (!object(rule, rat, ruleProps, ['id', 'shortDescription', 'fullDescription', 'help'])) return;
          string(rule.id, `${rat}.id`);
          if (rule.name !== undefined) string(rule.name, `${rat}.name`);
          text(rule.shortDescription, `${rat}.shortDescription`);
          text(rule.fullDescription, `${rat}.fullDescription`);
          text(rule.help, `${rat}.help`);
          if (object(rule.defaultConfiguration, `${rat}.defaultConfiguration`, ['enabled', 'level', 'rank', 'parameters', 'properties'])) {
            oneOf(rule.defaultConfiguration.level, `${rat}.defaultConfiguration.level`, levels);
          }
          properties(rule.properties, `${rat}.properties`);
        });
      }
    }
    if (!Array.isArray(run.results)) return void errors.push(`${at}.results: not an array`);
    run.results.forEach((res: unknown, i) => {
      const rat = `${at}.results[${i}]`;
      const resultProps = ['ruleId', 'ruleIndex', 'rule', 'kind', 'level', 'message', 'analysisTarget', 'locations', 'guid', 'correlationGuid',
        'occurrenceCount', 'partialFingerprints', 'fingerprints', 'stacks', 'codeFlows', 'graphs', 'graphTraversals', 'relatedLocations',
        'suppressions', 'baselineState', 'rank', 'attachments', 'hostedViewerUri', 'workItemUris', 'provenance', 'fixes', 'taxa',
        'webRequest', 'webResponse', 'properties'];
      // ruleId and locations: required by GitHub, optional in SARIF
      if (!object(res, rat, resultProps, ['message', 'ruleId', 'locations'])) return;
      string(res.ruleId, `${rat}.ruleId`);
      if (res.ruleIndex !== undefined) int(res.ruleIndex, `${rat}.ruleIndex`, -1);
      if (res.level !== undefined) oneOf(res.level, `${rat}.level`, levels);
      if (object(res.message, `${rat}.message`, ['text', 'markdown', 'id', 'arguments', 'properties'], ['text'])) string(res.message.text, `${rat}.message.text`);
      properties(res.properties, `${rat}.properties`);
      const locations = res.locations as unknown[];
      if (!Array.isArray(locations) || locations.length < 1 || locations.length > 10) errors.push(`${rat}.locations: want 1 to 10`);
      locations.forEach((location, l) => {
        const lat = `${rat}.locations[${l}]`;
        if (!object(location, lat, ['id', 'physicalLocation', 'logicalLocations', 'message', 'annotations', 'relationships', 'properties'], ['physicalLocation'])) return;
        const physical = location.physicalLocation;
        if (!object(physical, `${lat}.physicalLocation`, ['address', 'artifactLocation', 'region', 'contextRegion', 'properties'], ['artifactLocation', 'region'])) return;
        if (object(physical.artifactLocation, `${lat}.artifactLocation`, ['uri', 'uriBaseId', 'index', 'description', 'properties'], ['uri'])) {
          if (!isUriReference(physical.artifactLocation.uri)) errors.push(`${lat}.artifactLocation.uri: not a URI reference`);
        }
        const regionProps = ['startLine', 'startColumn', 'endLine', 'endColumn', 'charOffset', 'charLength', 'byteOffset', 'byteLength',
          'snippet', 'message', 'sourceLanguage', 'properties'];
        if (object(physical.region, `${lat}.region`, regionProps, ['startLine'])) {
          for (const key of ['startLine', 'startColumn', 'endLine', 'endColumn']) {
            if (physical.region[key] !== undefined) int(physical.region[key], `${lat}.region.${key}`, 1);
          }
        }
      });
    });
  });
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
    const broken = sarif() as unknown as { runs: { results: Json[] }[] };
    delete broken.runs[0].results[0].ruleId;
    (broken.runs[0].results[1] as { level: string }).level = 'info';
    (broken.runs[0].results[2] as Json).extra = 1;
    expect(sarifErrors(broken)).toEqual([
      '$.runs[0].results[0]: ruleId missing',
      '$.runs[0].results[0].ruleId: not a string',
      '$.runs[0].results[1].level: info not allowed',
      '$.runs[0].results[2]: property extra not allowed',
    ]);
  });

  it('names the schema, the version and the tool', () => {
    const log = sarif();
    expect(log.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const { driver } = log.runs[0].tool;
    expect(driver.name).toBe('docsnav');
    expect(driver.version).toBe('1.2.3');
    expect(driver.informationUri).toBe('https://www.npmjs.com/package/docsnav');
    expect(log.runs[0].columnKind).toBe('utf16CodeUnits');
    expect('version' in parse(formatSarif(results)).runs[0].tool.driver).toBe(false);
  });

  it('lists every code as a rule, in the order of codes', () => {
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
      expect(rule.help.text).toBe(`${info.description} Set its severity with --rule ${rule.id}=off|warning|error.`);
    }
    expect(byId.get('parse-error')?.defaultConfiguration.level).toBe('error');
    expect(byId.get('expanded-top-level')?.defaultConfiguration.level).toBe('warning');
    expect(byId.get('openapi-remote')?.defaultConfiguration.level).toBe('note');
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
      expect(artifactLocation.uri).toBe(p.file);
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
  ])('%s -> %s', (path, uri) => {
    expect(fileUri(path)).toBe(uri);
    expect(isUriReference(uri)).toBe(true);
  });
});
