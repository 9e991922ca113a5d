import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Finding } from '../problem.js';
import { formatOf, parseSource } from './index.js';
import { childPointer, ownChild, parsePointer, valueAt } from './pointer.js';
import type { SourceFile, SourceFormat } from './types.js';

export interface LoadOptions {
  /** Folder that `$ref` paths must stay inside. Default: the folder of the file. */
  root?: string;
  /** Reads a file by absolute path; undefined when it cannot be read. Default: the file system. */
  readFile?: (absolutePath: string) => string | undefined;
  /** Parse the main text as this format instead of guessing from the file name. */
  format?: SourceFormat;
}

/** A finding that belongs to a particular file (its pointer is into that file). */
export interface SourceFinding extends Finding {
  source: SourceFile;
}

export interface Origin {
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
}

const defaultReadFile = (absolutePath: string): string | undefined => {
  try {
    return readFileSync(absolutePath, 'utf8');
  } catch {
    return undefined;
  }
};

/**
 * Parses docs.json (or docs.yaml) and follows `$ref`s as the platform does: relative to the
 * file that holds them, kept inside the root, keys beside a `$ref` merged over an object
 * target, each file read and parsed once, cycles reported.
 */
export function loadDocument(file: string, text: string, options: LoadOptions = {}): LoadedDocument {
  const main = parseSource(file, text, options.format);
  const findings: SourceFinding[] = main.findings.map((f) => ({ ...f, source: main }));
  const files = [main];
  const identity = (pointer: string): Origin => ({ source: main, pointer });
  const loaded: LoadedDocument = { main, value: main.value, files, findings, origin: identity, isUnresolved: () => false };
  if (main.value === undefined || !text.includes('$ref')) return loaded;

  const readFile = options.readFile ?? defaultReadFile;
  const root = path.resolve(options.root ?? path.dirname(file));
  const origins = new WeakMap<object, Origin>();
  const overrides = new WeakMap<object, Map<string, Origin>>();
  const unresolved = new WeakSet<object>();
  const byPath = new Map<string, { source: SourceFile; resolved?: unknown }>();
  const inProgress = new Set<string>();

  const report = (source: SourceFile, finding: Finding) => findings.push({ ...finding, source });

  /** Replaces every `$ref` object inside `value`, in place. Iterative: depth cannot overflow the stack. */
  function resolveValue(value: unknown, source: SourceFile, pointer: string): unknown {
    if (!isObject(value)) return value;
    if (isRefObject(value)) return resolveRef(value, source, pointer);
    const pending: Array<[Record<string, unknown> | unknown[], string]> = [[value as Record<string, unknown>, pointer]];
    while (pending.length > 0) {
      const [container, at] = pending.pop()!;
      const keys: Array<string | number> = Array.isArray(container) ? container.map((_, i) => i) : Object.keys(container);
      for (const key of keys) {
        const child = (container as Record<string | number, unknown>)[key];
        if (!isObject(child)) continue;
        const childAt = childPointer(at, key);
        if (isRefObject(child)) (container as Record<string | number, unknown>)[key] = resolveRef(child, source, childAt);
        else pending.push([child as Record<string, unknown>, childAt]);
      }
    }
    return value;
  }

  function resolveRef(holder: Record<string, unknown>, source: SourceFile, pointer: string): unknown {
    const ref = holder.$ref as string;
    const refPointer = childPointer(pointer, '$ref');
    const [refPath, fragment = ''] = ref.split('#', 2);
    const absolute = path.resolve(path.dirname(path.resolve(source.file)), refPath);
    const fail = (finding: Finding) => {
      report(source, finding);
      unresolved.add(holder);
      return holder;
    };
    if (refPath === '' || /^[a-z][a-z0-9+.-]*:/i.test(refPath)) {
      return fail({ code: 'ref-not-found', message: `\`$ref\` "${ref}" is not a relative file path; docsnav follows only files inside the project.`, pointer: refPointer });
    }
    if (absolute !== root && !absolute.startsWith(root + path.sep)) {
      return fail({ code: 'path-outside-root', message: `\`$ref\` "${ref}" points outside the project root (${root}).`, pointer: refPointer });
    }
    if (inProgress.has(absolute)) {
      return fail({ code: 'ref-cycle', message: `\`$ref\` "${ref}" leads back to a file that is already being included (a cycle).`, pointer: refPointer });
    }
    let entry = byPath.get(absolute);
    if (!entry) {
      const targetText = readFile(absolute);
      if (targetText === undefined) {
        return fail({ code: 'ref-not-found', message: `\`$ref\` "${ref}": no file at ${path.relative(process.cwd(), absolute) || absolute}.`, pointer: refPointer });
      }
      const displayName = path.join(path.dirname(source.file), refPath);
      const target = parseSource(displayName, targetText, formatOf(refPath));
      files.push(target);
      for (const f of target.findings) report(target, f);
      entry = { source: target };
      byPath.set(absolute, entry);
      if (target.value !== undefined) {
        inProgress.add(absolute);
        entry.resolved = resolveValue(target.value, target, '');
        inProgress.delete(absolute);
        // A target that is itself a `$ref` with keys beside it already knows where its parts come from.
        if (isObject(entry.resolved) && !origins.has(entry.resolved)) origins.set(entry.resolved, { source: target, pointer: '' });
      }
    }
    if (entry.resolved === undefined) {
      // The target did not parse (already reported in that file) or is still being read.
      unresolved.add(holder);
      return holder;
    }
    let target: unknown = entry.resolved;
    if (fragment) {
      target = valueAt(target, parsePointer(fragment));
      if (target === undefined) {
        return fail({ code: 'ref-not-found', message: `\`$ref\` "${ref}": ${entry.source.file} has nothing at #${fragment}.`, pointer: refPointer });
      }
      if (typeof target === 'object' && target !== null && !origins.has(target)) origins.set(target, { source: entry.source, pointer: fragment });
    }
    const siblings = Object.keys(holder).filter((key) => key !== '$ref');
    if (siblings.length === 0 || typeof target !== 'object' || target === null || Array.isArray(target)) return target;
    // Keys beside `$ref` are merged over the target; each keeps its own file for locations.
    const merged: Record<string, unknown> = { ...(target as Record<string, unknown>) };
    const keyOrigins = new Map<string, Origin>();
    for (const key of siblings) {
      const keyPointer = childPointer(pointer, key);
      merged[key] = resolveValue(holder[key], source, keyPointer);
      keyOrigins.set(key, { source, pointer: keyPointer });
    }
    origins.set(merged, origins.get(target) ?? { source: entry.source, pointer: fragment });
    overrides.set(merged, keyOrigins);
    return merged;
  }

  loaded.value = resolveValue(main.value, main, '');

  loaded.origin = (pointer) => {
    let value: unknown = loaded.value;
    let current: Origin = (isObject(value) && origins.get(value)) || identity('');
    for (const segment of parsePointer(pointer)) {
      const override = isObject(value) ? overrides.get(value)?.get(segment) : undefined;
      current = override ?? { source: current.source, pointer: childPointer(current.pointer, segment) };
      value = ownChild(value, segment);
      const own = isObject(value) ? origins.get(value) : undefined;
      if (own) current = own;
    }
    return current;
  };
  loaded.isUnresolved = (pointer) => {
    let value: unknown = loaded.value;
    if (isObject(value) && unresolved.has(value)) return true;
    for (const segment of parsePointer(pointer)) {
      value = ownChild(value, segment);
      if (isObject(value) && unresolved.has(value)) return true;
    }
    return false;
  };
  return loaded;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function isRefObject(value: object): value is Record<string, unknown> {
  return !Array.isArray(value) && typeof (value as Record<string, unknown>).$ref === 'string';
}
