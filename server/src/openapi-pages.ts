/**
 * Pages whose front matter says `openapi: "GET /users"` (or `"specs/api.json GET /users"`) are
 * that operation's reference page: their text is the operation's. A reference naming no file
 * is looked up in the OpenAPI files of the docs folder, the platform's way; when several
 * define the operation, the one nearest to the page's file wins (`api-reference-v2/…` pages
 * take `api-reference-v2/openapi.json`). Files are found by walking the docs root without
 * following links, and each is read and parsed once.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { findOperationIn } from './endpoint-text.js';

const REFERENCE = /^\s*(?:(\S+)\s+)?(get|post|put|patch|delete|head|options|trace|webhook)\s+(\S+)\s*$/i;
/** Most entries looked at when walking the docs root for OpenAPI files. */
const MAX_ENTRIES = 50_000;

export interface SpecText {
  text: string;
  value: unknown;
}

export interface PageOperation {
  /** The spec file, relative to the docs root. */
  file: string;
  spec: SpecText;
  method: string;
  path: string;
}

export class OpenApiPages {
  private specFiles: string[] | undefined;
  private readonly specs = new Map<string, SpecText | undefined>();

  constructor(
    private readonly docsRoot: string,
    /** A docs-root-relative file's text (undefined when it cannot be read). */
    private readonly textAt: (file: string) => string | undefined,
  ) {}

  /** A spec file's text and value, read and parsed once; undefined for a URL or a file that does not parse. */
  spec(file: string): SpecText | undefined {
    if (this.specs.has(file)) return this.specs.get(file);
    let spec: SpecText | undefined;
    if (!/^https?:\/\//.test(file)) {
      const text = this.textAt(file);
      spec = text === undefined ? undefined : parseSpec(text);
    }
    this.specs.set(file, spec);
    return spec;
  }

  /** The operation a page's `openapi` front matter names, if the docs folder defines it. */
  find(pageFile: string, reference: string): PageOperation | undefined {
    const match = REFERENCE.exec(reference);
    if (!match) return undefined;
    const [, named, method, operationPath] = match;
    const candidates = named ? [named.replace(/^\/+/, '')] : this.nearestFirst(pageFile);
    for (const file of candidates) {
      const spec = this.spec(file);
      if (spec && findOperationIn(spec.value, method, operationPath)) return { file, spec, method: method.toUpperCase(), path: operationPath };
    }
    return undefined;
  }

  /** The docs folder's OpenAPI files, those sharing the most folders with the page first. */
  private nearestFirst(pageFile: string): string[] {
    this.specFiles ??= this.findSpecFiles();
    const pageDirs = path.posix.dirname(pageFile).split('/');
    const shared = (file: string) => {
      const dirs = path.posix.dirname(file).split('/');
      let count = 0;
      while (count < dirs.length && count < pageDirs.length && dirs[count] === pageDirs[count] && dirs[count] !== '.') count++;
      return count;
    };
    return [...this.specFiles].sort((a, b) => shared(b) - shared(a) || a.localeCompare(b));
  }

  private findSpecFiles(): string[] {
    const found: string[] = [];
    const stack = [''];
    let seen = 0;
    while (stack.length > 0 && seen < MAX_ENTRIES) {
      const dir = stack.pop()!;
      let entries;
      try {
        entries = readdirSync(path.join(this.docsRoot, dir), { withFileTypes: true });
      } catch {
        continue;
      }
      for (const entry of entries) {
        seen++;
        if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
        const relative = dir ? `${dir}/${entry.name}` : entry.name;
        // Links are never followed (entry.isDirectory() is false for a link).
        if (entry.isDirectory()) stack.push(relative);
        else if (entry.isFile() && /\.(json|ya?ml)$/i.test(entry.name) && this.looksLikeSpec(relative)) found.push(relative);
      }
    }
    return found.sort();
  }

  /** A file whose start names an OpenAPI version, and that parses as one. */
  private looksLikeSpec(file: string): boolean {
    const text = this.textAt(file);
    if (text === undefined || !/(^|[{,\s])["']?(openapi|swagger)["']?\s*:/m.test(text.slice(0, 4096))) return false;
    const value = this.spec(file)?.value as { openapi?: unknown; swagger?: unknown } | undefined;
    return !!value && typeof value === 'object' && (typeof value.openapi === 'string' || typeof value.swagger === 'string');
  }
}

/** A spec file's text parsed (JSON is YAML); undefined when it does not parse. */
export function parseSpec(text: string): SpecText | undefined {
  try {
    return { text, value: parseYaml(text, { maxAliasCount: 100, prettyErrors: false }) as unknown };
  } catch {
    return undefined;
  }
}
