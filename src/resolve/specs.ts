import path from 'node:path';
import type { OpenAPIV2, OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';
import type * as JsYaml from 'js-yaml';
import { diskReader, failureText, MAX_FILE_BYTES, type FileReader } from '../files.js';
import { kindIn, type DocsFiles } from '../rules/types.js';
import type { ValidationCache } from '../cache.js';
import { isPlainObject } from '../navigation/model.js';
import { escapesRoot, isUrl, rootRelative } from '../navigation/openapi.js';
import { parseJsonSource } from '../source/json.js';
import { LineIndex } from '../source/lines.js';
import { toPointer } from '../source/pointer.js';
import { lazy } from '../lazy.js';

/** A `$ref` in a spec that does not start with `#`: the platform refuses the whole spec. */
interface ExternalRef {
  /** JSON pointer in the spec of the `$ref` (of the string value that holds it, when it is inside one). */
  pointer: string;
  ref: string;
}

/**
 * A spec that loaded. `file` is the root-relative path (or the URL). `externalRefs` and `text`
 * (kept only then, to locate them) are there when it has `$ref`s that do not start with `#`.
 */
export type SpecLoaded = { ok: true; file: string; warnings: string[]; externalRefs?: ExternalRef[]; text?: string } & (
  { version: '3.0'; spec: OpenAPIV3.Document } | { version: '3.1'; spec: OpenAPIV3_1.Document } | { version: '2.0'; spec: OpenAPIV2.Document }
);

/**
 * `not-found`, `is-directory`, `not-regular` and `outside-root` for a local file are the
 * openapi-not-found and path-outside-root rules' to report (they see the same `files`);
 * `unavailable`: no docs root, nothing read. The rest is the resolver's to report.
 */
type SpecFailureReason = 'not-found' | 'invalid' | 'outside-root' | 'remote' | 'is-directory' | 'not-regular' | 'unavailable';

/** A spec that did not load, and why, in one sentence. */
export interface SpecFailure {
  ok: false;
  reason: SpecFailureReason;
  message: string;
  /** The root-relative path (or URL) that was asked for. */
  file: string;
}

export type SpecResult = SpecLoaded | SpecFailure;

export interface SpecLoaderOptions {
  /** Absolute path of the docs root; spec paths are relative to it. */
  root: string;
  /** Fetch http(s) specs instead of answering `remote`. Off by default. */
  allowRemote?: boolean;
  /** How long a remote spec may take, in milliseconds (default 15,000). */
  fetchTimeoutMs?: number;
  /** Most bytes read from a file or received (decompressed) from a URL (default 256 MB). */
  maxBytes?: number;
  /** Remote specs fetched at the same time (default 8). */
  fetchConcurrency?: number;
  /** How files are read (default: the disk under `root`, realpath inside it, regular files only). */
  reader?: FileReader;
  /** The docs root's listing: when given, only what it lists as a regular file is read. */
  files?: DocsFiles;
  /** Parsed specs kept across loaders: a file whose bytes the cache handed out before is not parsed again. */
  cache?: ValidationCache;
}

export interface SpecLoaderStats {
  /** Files read from disk or fetched. */
  reads: number;
  /** Texts parsed (a JSON file that needs the YAML fallback still counts once). */
  parses: number;
}

const DEFAULT_FETCH_CONCURRENCY = 8;
/** Bytes looked at to tell a binary file from text. */
const BINARY_SNIFF = 8192;
const DEFAULT_FETCH_TIMEOUT_MS = 15_000;

/**
 * Loads the specs named by `openapi` values: each distinct file is read and parsed once per
 * loader however often (and however concurrently) it is asked for. Never throws, never
 * dereferences (so `$ref` cycles cannot hang it).
 *
 * Local files are read synchronously through the one reader (so `validate` can check specs
 * without going async); URLs are fetched only with `allowRemote`, at most `fetchConcurrency`
 * at a time, and the bytes received are counted (after decompression) against `maxBytes`.
 *
 * Parsing: JSON with `JSON.parse` (errors get a line and column); YAML with js-yaml, not the
 * `yaml` package docs.yaml is read with: a spec needs no locations, and js-yaml is about ten
 * times faster on large specs (10,000 operations in 4.4 MB: 1.55 s against 15.6 s, measured on
 * a loaded 2-core machine; the `yaml` package's unique-key check is also quadratic in `paths`).
 * A `.json` file that is not strict JSON falls back to YAML, as on the platform.
 */
export class SpecLoader {
  private readonly root: string;
  private readonly allowRemote: boolean;
  private readonly fetchTimeoutMs: number;
  private readonly maxBytes: number;
  private readonly reader: FileReader;
  private readonly files: DocsFiles | undefined;
  private readonly cache: ValidationCache | undefined;
  private readonly local = new Map<string, SpecResult>();
  private readonly remote = new Map<string, Promise<SpecResult>>();
  /** Remote results already in, for synchronous lookups. */
  private readonly fetched = new Map<string, SpecResult>();
  private readonly fetchSlots: FetchSlots;
  private reads = 0;
  private parses = 0;

  constructor(options: SpecLoaderOptions) {
    this.root = path.resolve(options.root);
    this.allowRemote = options.allowRemote ?? false;
    this.fetchTimeoutMs = options.fetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
    this.maxBytes = options.maxBytes ?? MAX_FILE_BYTES;
    this.reader = options.reader ?? diskReader(this.root, this.maxBytes);
    this.files = options.files;
    this.cache = options.cache;
    this.fetchSlots = new FetchSlots(options.fetchConcurrency ?? DEFAULT_FETCH_CONCURRENCY);
  }

  /** Load the spec an `openapi` string names: a root-relative path (optionally `/…`) or an http(s) URL. */
  load(source: string): Promise<SpecResult> {
    const written = source.trim();
    if (isUrl(written)) return this.loadRemote(written);
    return Promise.resolve(this.loadSync(written));
  }

  /**
   * The spec a source names, without waiting: local files are read now; a URL answers what
   * its fetch gave (when `load`/`prefetch` fetched it already), else `remote`.
   */
  loadSync(source: string): SpecResult {
    const written = source.trim();
    if (isUrl(written)) {
      return this.fetched.get(written) ?? fail('remote', written, `${quote(written)} is a URL; remote specs are not fetched unless allowRemote is on.`);
    }
    const file = rootRelative(written);
    if (escapesRoot(file)) return fail('outside-root', file, `The OpenAPI path ${quote(written)} leads outside the docs root.`);
    let result = this.local.get(file);
    if (!result) {
      try {
        result = this.loadLocal(file, path.resolve(this.root, file));
      } catch (error) {
        result = fail('invalid', file, `Could not load ${quote(file)}: ${firstLine(error)}.`);
      }
      this.local.set(file, result);
    }
    return result;
  }

  /** Fetches every URL among the sources (with allowRemote), at most `fetchConcurrency` at a time. */
  async prefetch(sources: Iterable<string>): Promise<void> {
    const urls = new Set<string>();
    for (const source of sources) if (isUrl(source.trim())) urls.add(source.trim());
    await Promise.all([...urls].map((url) => this.loadRemote(url)));
  }

  stats(): SpecLoaderStats {
    return { reads: this.reads, parses: this.parses };
  }

  private loadLocal(file: string, absolute: string): SpecResult {
    const shown = file === '' ? '/' : file;
    if (this.files) {
      // The listing decides what exists: the same answer the rules give.
      const kind = file === '' ? 'folder' : kindIn(this.files, file);
      if (kind === undefined) return fail('not-found', file, `The OpenAPI file ${quote(shown)} does not exist under the docs root.`);
      if (kind === 'folder') return fail('is-directory', file, `${quote(shown)} is a folder, not an OpenAPI file.`);
      if (kind === 'outside-root') return fail('outside-root', file, `The OpenAPI file ${quote(shown)} leads outside the docs root (through a symlink).`);
      if (kind !== 'file') return fail('not-regular', file, `${quote(shown)} is ${kind}, not a regular file.`);
    }
    const outcome = this.reader(absolute);
    if (!outcome.ok) {
      switch (outcome.reason) {
        case 'missing':
          return fail('not-found', file, `The OpenAPI file ${quote(shown)} does not exist under the docs root.`);
        case 'not-regular':
          return outcome.detail === 'a folder'
            ? fail('is-directory', file, `${quote(shown)} is a folder, not an OpenAPI file.`)
            : fail('not-regular', file, `${quote(shown)} is ${outcome.detail}, not a regular file.`);
        case 'outside-root':
          return fail('outside-root', file, `The OpenAPI file ${quote(shown)} leads outside the docs root (through a symlink).`);
        case 'no-access':
          return fail('unavailable', file, `The OpenAPI file ${quote(shown)} ${failureText(outcome)}.`);
        case 'too-big':
          return fail('invalid', file, `${quote(shown)} is too big to be an OpenAPI file (${outcome.detail}).`);
        case 'unreadable':
          return fail('invalid', file, `The OpenAPI file ${quote(shown)} cannot be read: ${outcome.detail}.`);
      }
    }
    this.reads++;
    const extension = path.extname(file).toLowerCase();
    if (this.cache) return this.cache.parse(absolute, outcome.bytes, `spec\0${file}`, () => this.parse(file, outcome.bytes, extension));
    return this.parse(file, outcome.bytes, extension);
  }

  private loadRemote(url: string): Promise<SpecResult> {
    let pending = this.remote.get(url);
    if (!pending) {
      pending = this.fetchSlots
        .run(() => this.fetchRemote(url))
        .catch((error: unknown) => fail('invalid', url, `Could not load ${quote(url)}: ${firstLine(error)}.`))
        .then((result) => {
          this.fetched.set(url, result);
          return result;
        });
      this.remote.set(url, pending);
    }
    return pending;
  }

  private async fetchRemote(url: string): Promise<SpecResult> {
    if (!this.allowRemote) {
      return fail('remote', url, `${quote(url)} is a URL; remote specs are not fetched unless allowRemote is on.`);
    }
    if (!/^https?:\/\//i.test(url)) return fail('invalid', url, `${quote(url)} is not an http(s) URL.`);
    let bytes: Buffer;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(this.fetchTimeoutMs) });
      if (!response.ok) {
        await response.body?.cancel();
        return fail('not-found', url, `${quote(url)} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`);
      }
      const length = Number(response.headers.get('content-length'));
      if (length > this.maxBytes) {
        await response.body?.cancel();
        return fail('invalid', url, `${quote(url)} is ${megabytes(length)}, too big to be an OpenAPI file.`);
      }
      const body = await readCapped(response, this.maxBytes);
      if (!body)
        return fail('invalid', url, `${quote(url)} sent more than ${megabytes(this.maxBytes)}, too big to be an OpenAPI file; the download was stopped.`);
      bytes = body;
    } catch (error) {
      const why = errorName(error) === 'TimeoutError' ? `no answer within ${this.fetchTimeoutMs / 1000} s` : firstLine(error);
      return fail('not-found', url, `${quote(url)} could not be fetched: ${why}.`);
    }
    this.reads++;
    let extension = '';
    try {
      extension = path.posix.extname(new URL(url).pathname).toLowerCase();
    } catch {
      // An unparsable URL fetched fine: sniff the text instead.
    }
    return this.parse(url, bytes, extension);
  }

  private parse(file: string, bytes: Buffer, extension: string): SpecResult {
    if (bytes.subarray(0, BINARY_SNIFF).includes(0)) {
      return fail('invalid', file, `${quote(file)} is not a text file (it contains NUL bytes).`);
    }
    let text = bytes.toString('utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (text.trim() === '') return fail('invalid', file, `${quote(file)} is empty.`);
    this.parses++;

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
    const result = checkDocument(file, value, warnings);
    if (result.ok && mayHoldExternalRef(text)) {
      const externalRefs = findExternalRefs(value);
      if (externalRefs.length > 0) Object.assign(result, { externalRefs, text });
    }
    return result;
  }
}

/** External references listed at most (the rest are counted). */
const MAX_EXTERNAL_REFS = 50;

/**
 * Every `$ref` whose value is a string not starting with `#`, anywhere in the document, as the
 * platform's build looks for them (it refuses the spec: "External $ref references are not
 * allowed"): in any object, examples included, and inside string values that parse as JSON
 * or YAML objects. Only strings that could hold one are parsed (they contain `$ref`, or an
 * escape that could spell it). Iterative, in document order (an object's own `$ref` before
 * its children's); each object is visited once (YAML aliases share). A spec is mostly
 * leaves, so the walk allocates per container only and builds a pointer only for a find.
 */
function findExternalRefs(document: unknown): ExternalRef[] {
  const found: ExternalRef[] = [];
  const seen = new WeakSet<object>();
  /** The keys from the document to the container being walked (its frame's `depth` of them). */
  const keys: string[] = [];
  const frames: RefFrame[] = [];
  const enter = (value: unknown, inString: string | undefined): void => {
    if (typeof value === 'string') {
      const parsed = couldHoldRef(value) ? parseEmbedded(value) : undefined;
      // Everything found inside a string value is located at that string.
      if (parsed !== undefined) enter(parsed, inString ?? toPointer(keys));
      return;
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    const isArray = Array.isArray(value);
    const record = value as Record<string, unknown>;
    const ref = isArray ? undefined : record.$ref;
    const external = typeof ref === 'string' && !ref.startsWith('#') && Object.prototype.propertyIsEnumerable.call(record, '$ref');
    if (external) found.push({ pointer: inString ?? toPointer([...keys, '$ref']), ref });
    frames.push({ value: record, keys: isArray ? undefined : Object.keys(record), next: 0, depth: keys.length, inString, skipRef: external });
  };
  enter(document, undefined);
  while (frames.length > 0 && found.length < MAX_EXTERNAL_REFS) {
    const frame = frames[frames.length - 1];
    const size = frame.keys ? frame.keys.length : (frame.value as unknown as unknown[]).length;
    if (frame.next >= size) {
      frames.pop();
      continue;
    }
    const key = frame.keys ? frame.keys[frame.next] : String(frame.next);
    frame.next++;
    if (frame.skipRef && key === '$ref') continue;
    const child = frame.value[key];
    if (typeof child !== 'object' && (typeof child !== 'string' || !couldHoldRef(child))) continue; // a leaf: nothing to find
    keys.length = frame.depth;
    if (frame.inString === undefined) keys.push(key);
    enter(child, frame.inString);
  }
  return found;
}

/**
 * Escapes that could spell a letter of `$ref` (JSON `\u0024`, YAML `\x24`, `\U00000024`; the hex
 * digits of these four letters are all digits, and YAML escapes are case-sensitive) or join it
 * across lines (YAML's escaped line break), in a spec's text or in a string inside it.
 */
const REF_LETTER_ESCAPE = /\\(?:u00(?:24|72|65|66)|U0000(?:0024|0072|0065|0066)|x(?:24|72|65|66)|\r|\n)/;
/** What follows `$ref` written as a key whose value is a quoted string starting with `#` (JSON or YAML). */
const INTERNAL_REF_AFTER = /["']?[ \t]*:[ \t]*["']#/y;

/**
 * Whether a spec's text could hold an external `$ref`, without walking its parsed value: every
 * `$ref` key, in the document or in a string inside it, is written as `$ref` (or with an escape
 * that could spell it), so a text whose every `$ref` is a key followed by a quoted `#…` value has
 * none. (A `#` that is not quoted starts a YAML comment: the value may come on the next line.)
 * Real specs hold thousands of `$ref`s, all internal: the walk is left for the few that could.
 */
function mayHoldExternalRef(text: string): boolean {
  if (REF_LETTER_ESCAPE.test(text)) return true;
  for (let at = text.indexOf('$ref'); at >= 0; at = text.indexOf('$ref', at + 4)) {
    INTERNAL_REF_AFTER.lastIndex = at + 4;
    if (!INTERNAL_REF_AFTER.test(text)) return true;
  }
  return false;
}

/** One container of findExternalRefs's walk: its keys (undefined for an array) and the next one to visit. */
interface RefFrame {
  value: Record<string, unknown>;
  keys: string[] | undefined;
  next: number;
  /** How many of the walk's keys lead to it. */
  depth: number;
  /** Set inside a string value: the pointer of that string. */
  inString: string | undefined;
  /** Its own `$ref` was found already: not a child to walk. */
  skipRef: boolean;
}

/** A string value that could hold a `$ref` key once parsed: it has `$ref`, or an escape that could spell it. */
function couldHoldRef(value: string): boolean {
  return value.includes('$ref') || (value.includes('\\') && REF_LETTER_ESCAPE.test(value));
}

/** A string value read as the platform reads it when looking for `$ref`s: JSON, else YAML; only objects count. */
function parseEmbedded(text: string): object | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    try {
      parsed = jsYaml().load(text);
    } catch {
      return undefined;
    }
  }
  return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
}

function fail(reason: SpecFailureReason, file: string, message: string): SpecFailure {
  return { ok: false, reason, message, file };
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

// ---------------------------------------------------------------------------------------
// YAML with js-yaml (loaded the first time a YAML spec is read).

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

/** At most `fetchConcurrency` fetches at once: thousands of URLs must not exhaust file descriptors. */
class FetchSlots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/** A response body, counting the bytes as they arrive (decompressed): undefined once it passes `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<Buffer | undefined> {
  if (!response.body) return Buffer.alloc(0);
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

function jsonSyntaxMessage(file: string, text: string, error: unknown): string {
  const finding = parseJsonSource(file, text).findings.find((f) => f.code === 'parse-error');
  const reason = (finding?.message ?? firstLine(error)).replace(/^JSON syntax error:\s*/, '').replace(/\.$/, '');
  const offset = finding?.span?.[0];
  const where = offset === undefined ? '' : (({ line, column }) => ` (line ${line}, column ${column})`)(new LineIndex(text).position(offset));
  return `${quote(file)} is not valid JSON: ${reason}${where}.`;
}

// ---------------------------------------------------------------------------------------

/** What a non-object top level is, for messages. */
function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list, not an object';
  if (value === null) return 'null, not an object';
  return `a ${typeof value}, not an object`;
}

function quote(s: string): string {
  return `"${s}"`;
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** An error's message, first line only, without a stack. */
function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n', 1)[0].trim();
}

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}
