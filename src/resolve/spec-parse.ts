/**
 * A spec's bytes to a spec: text (not binary, not empty), JSON or YAML as the platform reads
 * it, a supported `openapi` (or `swagger`) version, and its external `$ref`s; an AsyncAPI spec
 * the same way, with its own version check.
 *
 * JSON with `JSON.parse` (errors get a line and column); YAML with js-yaml, not the `yaml`
 * package docs.yaml is read with: a spec needs no locations, and js-yaml is about ten times
 * faster on large specs (10,000 operations in 4.4 MB: 1.55 s against 15.6 s, measured on a
 * loaded 2-core machine; the `yaml` package's unique-key check is also quadratic in `paths`).
 * A `.json` file that is not strict JSON falls back to YAML, as on the platform.
 */
import type { OpenAPIV2, OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';
import type * as JsYaml from 'js-yaml';
import { lazy } from '../lazy.js';
import { isPlainObject } from '../navigation/model.js';
import { parseJsonSource } from '../source/json.js';
import { LineIndex } from '../source/lines.js';
import { findExternalRefs, mayHoldExternalRef } from './spec-external-refs.js';
import type { AsyncapiDocument } from './asyncapi.js';
import { fail, firstLine, quote, type AsyncapiResult, type SpecFailure, type SpecResult } from './spec-result.js';

/** Bytes looked at to tell a binary file from text. */
const BINARY_SNIFF = 8192;

/** A spec file's text (without a byte-order mark), or why it is no spec: binary, or empty. */
export function specText(file: string, bytes: Buffer): string | SpecFailure {
  if (bytes.subarray(0, BINARY_SNIFF).includes(0)) {
    return fail('invalid', file, `${quote(file)} is not a text file (it contains NUL bytes).`);
  }
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') return fail('invalid', file, `${quote(file)} is empty.`);
  return text;
}

/** A spec's text parsed (as JSON when it is a `.json` file or looks like JSON, else YAML) and checked. */
export function parseSpecText(file: string, text: string, extension: string): SpecResult {
  const parsed = parseSpecValue(file, text, extension);
  if (!parsed.ok) return parsed;
  const result = checkDocument(file, parsed.value, parsed.warnings);
  if (result.ok && mayHoldExternalRef(text)) {
    const externalRefs = findExternalRefs(parsed.value);
    if (externalRefs.length > 0) Object.assign(result, { externalRefs, text });
  }
  return result;
}

/** An AsyncAPI spec's text parsed as an OpenAPI spec's is, and checked as the platform checks it. */
export function parseAsyncapiText(file: string, text: string, extension: string): AsyncapiResult {
  const parsed = parseSpecValue(file, text, extension);
  if (!parsed.ok) return parsed;
  const result = checkAsyncapiDocument(file, parsed.value, parsed.warnings);
  // The platform refuses an AsyncAPI spec with an external `$ref` outright (its build fails), unlike an OpenAPI one.
  const external = result.ok && mayHoldExternalRef(text) ? findExternalRefs(parsed.value) : [];
  if (external.length > 0) {
    return fail(
      'invalid',
      file,
      `${quote(file)} has a \`$ref\` to another file or a URL ("${external[0].ref}" at ${external[0].pointer}): the platform refuses the spec and fails the build; bundle it into one file.`,
    );
  }
  return result;
}

/** The value of a spec's text: JSON (a `.json` file that is not strict JSON falls back to YAML, with a warning) or YAML. */
function parseSpecValue(file: string, text: string, extension: string): { ok: true; value: unknown; warnings: string[] } | SpecFailure {
  const warnings: string[] = [];
  let value: unknown;
  const isJsonFile = extension === '.json';
  if (isJsonFile || /^\s*[{[]/.test(text)) {
    try {
      value = JSON.parse(text);
    } catch (jsonError) {
      const yaml = parseYaml(text);
      if (!yaml.ok) {
        const message = isJsonFile ? jsonSyntaxMessage(file, text, jsonError) : `${quote(file)} is not valid YAML: ${yaml.message}`;
        return fail('invalid', file, message);
      }
      value = yaml.value;
      if (isJsonFile) warnings.push(`${quote(file)} is not strict JSON; it was read as YAML, as the platform does.`);
    }
  } else {
    const yaml = parseYaml(text);
    if (!yaml.ok) return fail('invalid', file, `${quote(file)} is not valid YAML: ${yaml.message}`);
    value = yaml.value;
  }
  return { ok: true, value, warnings };
}

/**
 * What makes a parsed value an AsyncAPI spec the platform builds pages from: an object whose
 * `asyncapi` version is 3.0.0 ("AsyncAPI 2.6.0 is not supported. Please use AsyncAPI 3.0.0."; 3.1.0
 * makes its validator fail), with an `info` title and version, and at least one channel ("No
 * channels defined"). The platform's parser checks the whole
 * document against the AsyncAPI schema too; docsnav does not, so a spec that fails only that
 * check passes here.
 */
function checkAsyncapiDocument(file: string, value: unknown, warnings: string[]): AsyncapiResult {
  if (!isPlainObject(value)) {
    return fail('invalid', file, `${quote(file)} is not an AsyncAPI document: its top level is ${describe(value)}.`);
  }
  const version = value.asyncapi;
  if (version === undefined) {
    const what = value.openapi !== undefined || value.swagger !== undefined ? ' (it is an OpenAPI document: name it in `openapi`)' : '';
    return fail('invalid', file, `${quote(file)} has no \`asyncapi\` version at the top level, so it is not an AsyncAPI document${what}.`);
  }
  if (version !== '3.0.0') {
    const why =
      typeof version === 'string' && version.startsWith('3.')
        ? "the platform's parser accepts only 3.0.0 (on 3.1.0 its validator fails, on other 3.x versions it says they do not exist)"
        : 'the platform builds pages only from AsyncAPI 3.0.0 ("Please use AsyncAPI 3.0.0")';
    return fail('invalid', file, `${quote(file)} has \`asyncapi: ${JSON.stringify(version)}\`; ${why}, and fails the build on any other.`);
  }
  const info = value.info;
  if (!isPlainObject(info) || typeof info.title !== 'string' || typeof info.version !== 'string') {
    return fail(
      'invalid',
      file,
      `${quote(file)} needs an \`info\` object with a string \`title\` and \`version\`; the platform's parser refuses the spec and fails the build.`,
    );
  }
  const channels = value.channels;
  if (!isPlainObject(channels) || Object.keys(channels).length === 0) {
    return fail('invalid', file, `${quote(file)} defines no \`channels\`; the platform fails the build ("No channels defined").`);
  }
  return { ok: true, file, version, spec: value as AsyncapiDocument, warnings };
}

/** What makes a parsed value a spec docsnav can use: an object with a supported `openapi` (or `swagger: "2.0"`). */
function checkDocument(file: string, value: unknown, warnings: string[]): SpecResult {
  if (!isPlainObject(value)) {
    return fail('invalid', file, `${quote(file)} is not an OpenAPI document: its top level is ${describe(value)}.`);
  }
  if (!isPlainObject(value.paths) && !isPlainObject(value.webhooks)) {
    warnings.push(`${quote(file)} has no \`paths\`, so no API pages come from it.`);
  }
  const { openapi, swagger } = value;
  if (openapi !== undefined) {
    if (typeof openapi === 'number') {
      return fail('invalid', file, `${quote(file)} has \`openapi: ${openapi}\`, a number; write the version as a string, such as "3.1.0".`);
    }
    const match = typeof openapi === 'string' ? /^3\.([01])\.\d+$/.exec(openapi) : null;
    if (!match) {
      const hint = typeof openapi === 'string' && /^3\.[01]$/.test(openapi) ? ` (write the full version, such as "${openapi}.0")` : '';
      return fail('invalid', file, `${quote(file)} has \`openapi: ${JSON.stringify(openapi)}\`; only OpenAPI 3.0.x and 3.1.x are supported${hint}.`);
    }
    return match[1] === '0'
      ? { ok: true, file, version: '3.0', spec: value as unknown as OpenAPIV3.Document, warnings }
      : { ok: true, file, version: '3.1', spec: value as unknown as OpenAPIV3_1.Document, warnings };
  }
  if (swagger !== undefined) {
    if (swagger !== '2.0') {
      const hint = swagger === 2 ? ' (write it as the string "2.0")' : '';
      return fail('invalid', file, `${quote(file)} has \`swagger: ${JSON.stringify(swagger)}\`; the only Swagger version is "2.0"${hint}.`);
    }
    warnings.unshift(`${quote(file)} is Swagger 2.0; the platform supports only OpenAPI 3.0 and 3.1.`);
    return { ok: true, file, version: '2.0', spec: value as unknown as OpenAPIV2.Document, warnings };
  }
  return fail('invalid', file, `${quote(file)} has neither \`openapi\` nor \`swagger\` at the top level, so it is not an OpenAPI document.`);
}

/** Loaded the first time a YAML spec is read. */
const jsYaml = lazy<typeof JsYaml>('js-yaml');

function parseYaml(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    // `json: true`: a duplicate key keeps its last value, as with JSON.parse. Aliases become
    // shared references, never expanded copies, so an alias bomb stays as small as its text.
    return { ok: true, value: jsYaml().load(text, { json: true }) };
  } catch (error) {
    if (error instanceof RangeError) return { ok: false, message: 'it is nested too deeply.' };
    const mark = (error as JsYaml.YAMLException).mark;
    const reason = (error as JsYaml.YAMLException).reason ?? firstLine(error);
    const where = mark ? ` (line ${mark.line + 1}, column ${mark.column + 1})` : '';
    return { ok: false, message: `${String(reason).replace(/\.$/, '')}${where}.` };
  }
}

function jsonSyntaxMessage(file: string, text: string, error: unknown): string {
  const finding = parseJsonSource(file, text).findings.find((f) => f.code === 'parse-error');
  const reason = (finding?.message ?? firstLine(error)).replace(/^JSON syntax error:\s*/, '').replace(/\.$/, '');
  const offset = finding?.span?.[0];
  const where = offset === undefined ? '' : (({ line, column }) => ` (line ${line}, column ${column})`)(new LineIndex(text).position(offset));
  return `${quote(file)} is not valid JSON: ${reason}${where}.`;
}

/** What a non-object top level is, for messages. */
function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list, not an object';
  if (value === null) return 'null, not an object';
  return `a ${typeof value}, not an object`;
}
