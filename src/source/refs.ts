import path from 'node:path';
import { failureText, isInside, readerOf, textOf, type FileReader, type ReadFileHook } from '../files.js';
import type { Finding } from '../problem.js';
import { formatOf, parseSource } from './index.js';
import { childPointer, ownChild, parsePointer, valueAt } from './pointer.js';
import type { SourceFile, SourceFormat } from './types.js';

export interface LoadOptions {
  /** Folder that `$ref` paths must stay inside, and read from disk. Without it (and without `readFile`) nothing is read. */
  root?: string;
  /** Reads a file by absolute path; undefined when there is none (may throw, e.g. EACCES). Default: the disk under `root`, when given. */
  readFile?: ReadFileHook;
  /** The reader to use (overrides `readFile`): one reader for every layer. */
  reader?: FileReader;
  /** Parse the main text as this format instead of guessing from the file name. */
  format?: SourceFormat;
}

/** A finding that belongs to a particular file (its pointer is into that file). */
export interface SourceFinding extends Finding {
  source: SourceFile;
}

interface Origin {
  source: SourceFile;
  pointer: string;
}

/** docs.json with its `$ref`s followed: one value, and the way back to each file. */
export interface LoadedDocument {
  main: SourceFile;
  /** The whole document with `$ref`s replaced; undefined when the main file does not parse. */
  value: unknown;
  /** Every file read: the main file first, then `$ref` targets. */
  files: SourceFile[];
  /** Syntax errors, duplicate keys and `$ref` problems, each in its own file. */
  findings: SourceFinding[];
  /** The file and pointer a pointer into `value` came from. */
  origin(pointer: string): Origin;
  /** True when the pointer is at or inside a `$ref` that could not be followed (checks say nothing there). */
  isUnresolved(pointer: string): boolean;
  /**
   * A finding into `value` as this document reports it, or undefined when another check of the file
   * owns it: a legacy mint.json's own check takes the docs.json schema's place, and a pointer a
   * message names is written as the mint.json's (src/mint/document.ts).
   */
  adapt?(finding: Finding): Finding | undefined;
}

/**
 * Parses docs.json (or docs.yaml) and follows `$ref`s as the platform does: relative to the
 * file that holds them, kept inside the root, keys beside a `$ref` merged over an object
 * target, each file read and parsed once, cycles reported.
 *
 * Files are read through one reader (src/files.ts): the caller's `readFile`, else the disk
 * under `root` (realpath inside the real root, regular files only, size capped), else
 * nothing. Iterative: a chain of thousands of files cannot overflow the stack.
 */
export function loadDocument(file: string, text: string, options: LoadOptions = {}): LoadedDocument {
  const main = parseSource(file, text, options.format);
  const findings: SourceFinding[] = main.findings.map((f) => ({ ...f, source: main }));
  const files = [main];
  const loaded: LoadedDocument = { main, value: main.value, files, findings, origin: (pointer) => ({ source: main, pointer }), isUnresolved: () => false };
  if (main.value === undefined || !text.includes('$ref')) return loaded;

  const read = options.reader ?? readerOf({ root: options.root, readFile: options.readFile });
  const root = path.resolve(options.root ?? path.dirname(file));
  const origins = new RefOrigins(main);
  loaded.value = new RefFollower(root, read, files, findings, origins).follow(main, file);
  loaded.origin = (pointer) => origins.originOf(loaded.value, pointer);
  loaded.isUnresolved = (pointer) => origins.isUnresolved(loaded.value, pointer);
  return loaded;
}

/**
 * The way back from the document with `$ref`s replaced to the files it came from: the file and
 * pointer each object taken from another file came from, the keys written beside a `$ref` (each
 * from its own file), and the `$ref` objects that could not be followed.
 */
class RefOrigins {
  private readonly origins = new WeakMap<object, Origin>();
  private readonly overrides = new WeakMap<object, Map<string, Origin>>();
  private readonly unresolved = new WeakSet<object>();

  constructor(private readonly main: SourceFile) {}

  /** An object's own origin, unless it has one already (the first place it was reached from wins). */
  setIfNew(value: object, origin: Origin): void {
    if (!this.origins.has(value)) this.origins.set(value, origin);
  }

  /** An object made by merging keys beside a `$ref` over its target: where its parts come from. */
  setMerged(merged: object, target: object, keyOrigins: Map<string, Origin>): void {
    // Every target has its origin by now: its file's (set when the file was done) or its fragment's.
    this.origins.set(merged, this.origins.get(target)!);
    this.overrides.set(merged, keyOrigins);
  }

  markUnresolved(holder: object): void {
    this.unresolved.add(holder);
  }

  /** The file and pointer a pointer into the document (`value`) came from. */
  originOf(value: unknown, pointer: string): Origin {
    // WeakMap#get answers undefined for a primitive (no throw).
    let current: Origin = this.origins.get(value as object) ?? { source: this.main, pointer: '' };
    for (const segment of parsePointer(pointer)) {
      const override = isObject(value) ? this.overrides.get(value)?.get(segment) : undefined;
      current = override ?? { source: current.source, pointer: childPointer(current.pointer, segment) };
      value = ownChild(value, segment);
      const own = isObject(value) ? this.origins.get(value) : undefined;
      if (own) current = own;
    }
    return current;
  }

  /** True when the pointer is at or inside a `$ref` that could not be followed. */
  isUnresolved(value: unknown, pointer: string): boolean {
    if (isObject(value) && this.unresolved.has(value)) return true;
    for (const segment of parsePointer(pointer)) {
      value = ownChild(value, segment);
      if (isObject(value) && this.unresolved.has(value)) return true;
    }
    return false;
  }
}

/** Follows the `$ref`s of a document through its files: reads each once, reports what cannot be followed, replaces the rest. */
class RefFollower {
  private readonly byPath = new Map<string, FileFrame>();

  constructor(
    private readonly root: string,
    private readonly read: FileReader,
    /** Every file read, in order (the main file first). */
    private readonly files: SourceFile[],
    private readonly findings: SourceFinding[],
    private readonly origins: RefOrigins,
  ) {}

  /**
   * The main file's value with every `$ref` replaced. Depth first over files with an explicit
   * stack: first every site's target is read (and worked out, in document order), then the
   * file's sites are replaced innermost first.
   */
  follow(main: SourceFile, file: string): unknown {
    // The main file's place: as named when that is inside the root, else at the root's top.
    const mainFile = isInside(this.root, path.resolve(file)) ? path.resolve(file) : path.join(this.root, path.basename(file));
    // Stryker disable next-line BooleanLiteral: the main frame is never in byPath, so its `done` is never read.
    const mainFrame: FileFrame = { source: main, sites: sitesOf(main.value, main, mainFile), next: 0, done: false, value: main.value };
    const stack: FileFrame[] = [mainFrame];
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      if (frame.next < frame.sites.length) {
        const child = this.prepare(frame.sites[frame.next++]);
        if (child) stack.push(child);
        continue;
      }
      for (let i = frame.sites.length - 1; i >= 0; i--) this.apply(frame.sites[i], frame);
      frame.done = true;
      stack.pop();
      // A target that is itself a `$ref` with keys beside it already knows where its parts come from.
      if (frame !== mainFrame && isObject(frame.value)) this.origins.setIfNew(frame.value, { source: frame.source, pointer: '' });
    }
    return mainFrame.value;
  }

  private report(source: SourceFile, finding: Finding): void {
    this.findings.push({ ...finding, source });
  }

  /** Works out what a site's `$ref` leads to; a file read for the first time is returned to be worked on first. */
  private prepare(site: RefSite): FileFrame | undefined {
    const ref = site.holder.$ref as string;
    const refPointer = childPointer(site.pointer, '$ref');
    const [refPath, fragment = ''] = ref.split('#', 2);
    site.fragment = fragment;
    const fail = (finding: Finding): undefined => {
      this.report(site.source, finding);
      return undefined;
    };
    if (refPath === '' || /^[a-z][a-z0-9+.-]*:/i.test(refPath)) {
      return fail({
        code: 'ref-not-found',
        message: `\`$ref\` "${ref}" is not a relative file path; docsnav follows only files inside the project.`,
        pointer: refPointer,
      });
    }
    const absolute = path.resolve(path.dirname(site.file), refPath);
    if (!isInside(this.root, absolute)) {
      return fail({ code: 'path-outside-root', message: `\`$ref\` "${ref}" points outside the project root (${this.root}).`, pointer: refPointer });
    }
    const known = this.byPath.get(absolute);
    if (known) {
      if (!known.done)
        return fail({ code: 'ref-cycle', message: `\`$ref\` "${ref}" leads back to a file that is already being included (a cycle).`, pointer: refPointer });
      site.target = known;
      return undefined;
    }
    const outcome = this.read(absolute);
    if (!outcome.ok) {
      const shown = path.relative(this.root, absolute).split(path.sep).join('/') || absolute;
      const code = outcome.reason === 'outside-root' ? 'path-outside-root' : 'ref-not-found';
      const why = outcome.reason === 'missing' ? `no file at ${shown}` : `${shown} ${failureText(outcome)}`;
      return fail({ code, message: `\`$ref\` "${ref}": ${why}.`, pointer: refPointer });
    }
    const frame = this.include(path.join(path.dirname(site.source.file), refPath), absolute, textOf(outcome.bytes), formatOf(refPath));
    site.target = frame;
    return frame;
  }

  /** A file read for the first time: parsed (its findings reported), its own `$ref` sites found. */
  private include(displayName: string, absolute: string, text: string, format: SourceFormat | undefined): FileFrame {
    const target = parseSource(displayName, text, format);
    this.files.push(target);
    for (const f of target.findings) this.report(target, f);
    const frame: FileFrame = {
      source: target,
      sites: sitesOf(target.value, target, absolute),
      next: 0,
      done: false,
      value: target.value,
    };
    this.byPath.set(absolute, frame);
    return frame;
  }

  /** Replaces one `$ref` object by what it leads to (sites are applied innermost first). */
  private apply(site: RefSite, frame: FileFrame): void {
    const replacement = this.replacementOf(site);
    if (site.container === undefined) frame.value = replacement;
    else defineOwn(site.container, site.key!, replacement);
  }

  private replacementOf(site: RefSite): unknown {
    const { holder } = site;
    const entry = site.target;
    if (!entry || entry.value === undefined) {
      // Failed (reported) or the target did not parse (reported in that file).
      this.origins.markUnresolved(holder);
      return holder;
    }
    let target: unknown = entry.value;
    // Set with the target (prepare); '' is the whole file, whose value already has its origin.
    const fragment = site.fragment!;
    target = valueAt(target, parsePointer(fragment));
    if (target === undefined) {
      this.report(site.source, {
        code: 'ref-not-found',
        message: `\`$ref\` "${holder.$ref as string}": ${entry.source.file} has nothing at #${fragment}.`,
        pointer: childPointer(site.pointer, '$ref'),
      });
      this.origins.markUnresolved(holder);
      return holder;
    }
    if (isObject(target)) this.origins.setIfNew(target, { source: entry.source, pointer: fragment });
    const siblings = Object.keys(holder).filter((key) => key !== '$ref');
    if (siblings.length === 0 || !isObject(target) || Array.isArray(target)) return target;
    return this.merged(site, target, siblings);
  }

  /**
   * Keys beside `$ref` merged over an object target; each keeps its own file for locations.
   * Own properties only: `__proto__`, `constructor` and `prototype` are ordinary keys here.
   */
  private merged(site: RefSite, target: object, siblings: readonly string[]): Record<string, unknown> {
    const merged: Record<string, unknown> = {};
    for (const key of Object.keys(target)) defineOwn(merged, key, (target as Record<string, unknown>)[key]);
    const keyOrigins = new Map<string, Origin>();
    for (const key of siblings) {
      defineOwn(merged, key, site.holder[key]);
      keyOrigins.set(key, { source: site.source, pointer: childPointer(site.pointer, key) });
    }
    this.origins.setMerged(merged, target, keyOrigins);
    return merged;
  }
}

/** Every `$ref` object in a file's value, in document order (an object before what is written beside its `$ref`). */
function sitesOf(value: unknown, source: SourceFile, file: string): RefSite[] {
  const sites: RefSite[] = [];
  const pending: Array<{ value: unknown; pointer: string; container?: object; key?: string | number }> = [{ value, pointer: '' }];
  while (pending.length > 0) {
    const item = pending.pop()!;
    if (!isObject(item.value)) continue;
    const isRef = isRefObject(item.value);
    if (isRef) sites.push({ holder: item.value as Record<string, unknown>, source, file, pointer: item.pointer, container: item.container, key: item.key });
    const container = item.value as Record<string | number, unknown>;
    const keys: Array<string | number> = Array.isArray(container) ? container.map((_, i) => i) : Object.keys(container);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i];
      // A `$ref` value is a string, never pushed.
      const child = container[key];
      // Stryker disable next-line ConditionalExpression: a primitive pushed would be skipped when popped; the check saves the work.
      if (isObject(child)) pending.push({ value: child, pointer: childPointer(item.pointer, key), container, key });
    }
  }
  return sites;
}

/** One file being included: its `$ref` sites, how far they are worked out, and its value. */
interface FileFrame {
  source: SourceFile;
  sites: RefSite[];
  next: number;
  done: boolean;
  /** The file's value with its `$ref`s replaced once done; undefined when it did not parse. */
  value: unknown;
}

/** One `$ref` object, where it sits, and (once worked out) what it leads to. */
interface RefSite {
  holder: Record<string, unknown>;
  source: SourceFile;
  /** Absolute path of the file that holds it: the `$ref` is relative to its folder. */
  file: string;
  pointer: string;
  /** The object or array holding it; undefined for a file's top-level value. */
  container?: object;
  key?: string | number;
  fragment?: string;
  /** Set when the `$ref` was followed; unset when it failed (reported). */
  target?: FileFrame;
}

/** Sets an own property, never a prototype (`__proto__` from input is an ordinary key). */
function defineOwn(target: object, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function isRefObject(value: object): value is Record<string, unknown> {
  return !Array.isArray(value) && typeof (value as Record<string, unknown>).$ref === 'string';
}
