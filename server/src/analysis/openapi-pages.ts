/**
 * The texts of the OpenAPI (and AsyncAPI) files a deployment's pages come from, read and parsed
 * once each: generated endpoint and channel pages, and pages whose front matter names an
 * operation (the library's resolver finds which file defines it: `ResolvedPage.openapi`,
 * `ResolvedPage.asyncapi`).
 */
import { parse as parseYaml } from 'yaml';

export interface SpecText {
  text: string;
  value: unknown;
}

export class OpenApiPages {
  private readonly specs = new Map<string, SpecText | undefined>();

  constructor(
    /** A docs-root-relative file's text (undefined when it cannot be read). */
    private readonly textAt: (file: string) => string | undefined,
  ) {}

  /** A spec file's text and value, read and parsed once; undefined for a URL or a file that does not parse. */
  spec(file: string): SpecText | undefined {
    if (this.specs.has(file)) return this.specs.get(file);
    let spec: SpecText | undefined;
    if (!/^https?:\/\//.test(file)) {
      const text = this.textAt(file);
      // Stryker disable next-line ConditionalExpression: no text fails inside parseSpec's YAML try, which gives undefined too.
      spec = text === undefined ? undefined : parseSpec(text);
    }
    this.specs.set(file, spec);
    return spec;
  }
}

/** A spec file's text parsed (JSON is YAML); undefined when it does not parse. */
function parseSpec(text: string): SpecText | undefined {
  // Most specs are JSON: JSON.parse reads them many times faster than the YAML parser, which
  // takes what JSON.parse refuses. (One difference: a repeated key, which YAML refuses, is
  // JSON.parse's last value, as browsers read it.)
  if (/^\s*\{/.test(text)) {
    try {
      return { text, value: JSON.parse(text) as unknown };
    } catch {
      // not plain JSON: the YAML parser decides
    }
  }
  try {
    return { text, value: parseYaml(text, { maxAliasCount: 100, prettyErrors: false }) as unknown };
    // Stryker disable next-line BlockStatement: an empty catch gives undefined as this one does.
  } catch {
    return undefined;
  }
}
