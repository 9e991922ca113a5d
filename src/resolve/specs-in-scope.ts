/**
 * The specs an endpoint entry or a bulk generation reads: the `openapi` scope above it (worked
 * out once per scope), each spec loaded through the one loader, and what a spec's loading has
 * to say (`openapi-invalid`, `openapi-remote`, `openapi-warning`, `openapi-external-ref`),
 * said once per place.
 */
import type { Profile } from '../config/profiles.js';
import { isUrl, openapiSources, type OpenapiSource } from '../navigation/openapi.js';
import { pointerOf, type OpenapiScope } from '../navigation/walk.js';
import type { Finding } from '../problem.js';
import type { GraphqlLoaded } from './graphql.js';
import type { AsyncapiLoaded, SpecFailure, SpecLoaded } from './spec-result.js';
import type { SpecLoader } from './specs.js';

/** A spec an `openapi` value names, and the pointer where it is written. */
export type ScopedSpec = OpenapiSource & { pointer: string };

/** Reports a finding in a spec (its pointer is into the spec); `file` is root-relative. */
export type ReportInSpec = (file: string, text: string, kind: 'spec', finding: Finding) => void;

export class SpecsInScope {
  /** Each `openapi` scope's specs, and where each is written: worked out once, not once per entry. */
  private readonly scopes = new Map<OpenapiScope, ScopedSpec[]>();
  /** Places (pointers) where a spec's failure or caveat was said already. */
  private readonly said = new Set<string>();

  constructor(
    private readonly loader: SpecLoader | undefined,
    private readonly profile: Profile | undefined,
    private readonly report: (finding: Finding) => void,
    private readonly reportIn: ReportInSpec | undefined,
  ) {}

  /** The specs an `openapi` scope names, each with the pointer of where it is written. */
  of(scope: OpenapiScope | undefined): ScopedSpec[] {
    if (!scope) return [];
    let specs = this.scopes.get(scope);
    if (!specs) {
      specs = openapiSources(scope.value).map((spec) => ({ ...spec, pointer: pointerOf(scope.owner.path, 'openapi', ...spec.at) }));
      this.scopes.set(scope, specs);
    }
    return specs;
  }

  /**
   * The loaded spec for a source, reporting (once per place) why it is not there. Missing
   * files, folders and symlinks out of the root are the rules' to report (openapi-not-found,
   * path-outside-root): they see the same `files`.
   */
  load(source: string, pointer: string): SpecLoaded | undefined {
    if (!this.loader) return undefined;
    const result = this.loader.loadSync(source);
    const first = !this.said.has(pointer);
    this.said.add(pointer);
    if (result.ok) {
      const refused = this.profile?.platformSpecFiles ? notAPlatformSpec(result.file, result.version, result.spec) : undefined;
      if (refused) {
        if (first) this.report({ code: 'openapi-invalid', message: refused, pointer });
        return undefined;
      }
      if (first && result.warnings.length > 0) this.report({ code: 'openapi-warning', message: result.warnings.join(' '), pointer });
      if (first) this.externalRefs(result, pointer);
      return result;
    }
    if (first) this.sayFailure(result, pointer, 'openapi-invalid', 'specs');
    return undefined;
  }

  /**
   * The AsyncAPI spec a source names, reporting (once per place) why it is not there:
   * `asyncapi-invalid`, or `openapi-remote` for a URL not fetched. A missing file is the
   * asyncapi-not-found rule's.
   */
  loadAsyncapi(source: string, pointer: string): AsyncapiLoaded | undefined {
    if (!this.loader) return undefined;
    const result = this.loader.loadAsyncapiSync(source);
    const first = !this.said.has(pointer);
    this.said.add(pointer);
    // Its caveats (JSON read as YAML) change nothing on the platform, which reads it the same way.
    if (result.ok) {
      const refused = this.profile?.platformSpecFiles ? notAPlatformSpec(result.file, undefined) : undefined;
      if (!refused) return result;
      if (first) this.report({ code: 'asyncapi-invalid', message: refused, pointer });
      return undefined;
    }
    if (first) this.sayFailure(result, pointer, 'asyncapi-invalid', 'AsyncAPI specs');
    return undefined;
  }

  /**
   * The GraphQL schema a tab names, reporting (once per place) why it is not there:
   * `graphql-invalid`, or `openapi-remote` for a URL not fetched. A missing file is the
   * graphql-not-found rule's, a symlink out of the root path-outside-root's.
   */
  loadGraphql(source: string, pointer: string): GraphqlLoaded | undefined {
    if (!this.loader) return undefined;
    const result = this.loader.loadGraphqlSync(source);
    const first = !this.said.has(pointer);
    this.said.add(pointer);
    if (result.ok) return result;
    if (first) this.sayFailure(result, pointer, 'graphql-invalid', 'GraphQL schemas');
    return undefined;
  }

  /**
   * Why a spec or schema did not load, at the place that names it: `openapi-remote` for a URL not
   * fetched, `code` when it is no spec or schema the platform reads. A missing file, a folder or a
   * symlink out of the root is a rule's to say (it sees the same `files`).
   */
  private sayFailure(result: SpecFailure, pointer: string, code: 'openapi-invalid' | 'asyncapi-invalid' | 'graphql-invalid', remote: string): void {
    if (result.reason === 'remote') {
      this.report({
        code: 'openapi-remote',
        message: `"${result.file}" is a URL: remote ${remote} are fetched only with allowRemote (\`--allow-remote\`), so it was not checked and no pages came from it.`,
        pointer,
      });
    } else if (result.reason === 'invalid' || isUrl(result.file)) {
      this.report({ code, message: result.message, pointer });
    }
  }

  /**
   * A spec with `$ref`s that do not start with `#`: the platform refuses it ("External $ref
   * references are not allowed"), so its pages are not built. Said in the spec, at each `$ref`
   * (once per spec); an error under the platform profile, info under `spec`.
   */
  private externalRefs(loaded: SpecLoaded, pointer: string): void {
    const refs = loaded.externalRefs;
    if (!refs || refs.length === 0 || this.said.has(`refs:${loaded.file}`)) return;
    this.said.add(`refs:${loaded.file}`);
    const severity = this.profile?.externalSpecRefs === 'problem' ? undefined : ('info' as const);
    const why =
      'the hosted platform refuses a spec with a `$ref` to another file or a URL ("External $ref references are not allowed"), and builds no pages from it';
    const fix = 'bundle the spec into one file (e.g. `redocly bundle` or `swagger-cli bundle`), so every `$ref` starts with `#`';
    if (!this.reportIn || loaded.text === undefined || isUrl(loaded.file)) {
      this.report({
        code: 'openapi-external-ref',
        message: `"${loaded.file}" has ${refs.length} external \`$ref\`${refs.length === 1 ? '' : 's'} (the first: "${refs[0].ref}"): ${why}. Instead, ${fix}.`,
        pointer,
        ...(severity && { severity }),
      });
      return;
    }
    for (const ref of refs) {
      this.reportIn(loaded.file, loaded.text, 'spec', {
        code: 'openapi-external-ref',
        message: `\`$ref\` "${ref.ref}" is not inside this file: ${why}. Instead, ${fix}.`,
        pointer: ref.pointer,
        ...(severity && { severity }),
      });
    }
  }
}

/**
 * Why the platform's build takes a local spec file for no spec at all, or undefined when it takes
 * it: it reads only files ending in `.json`, `.yaml` or `.yml` as written (its file walk compares the
 * extension as it is), and of those, as an OpenAPI spec only a document with a top-level `openapi`
 * (@mintlify/prebuild 1.0.1341, prebuild/categorizeFilePaths.js). Naming another in docs.json
 * fails its build: "Openapi file … does not exist" (issue 65: a Swagger 2.0 spec).
 */
function notAPlatformSpec(file: string, version: string | undefined, spec?: unknown): string | undefined {
  if (isUrl(file)) return undefined;
  const extension = /\.([^./]+)$/.exec(file)?.[1];
  if (extension !== undefined && ['json', 'yaml', 'yml'].includes(extension.toLowerCase()) && !['json', 'yaml', 'yml'].includes(extension)) {
    return `"${file}" ends in ".${extension}": the platform takes only files ending in ".json", ".yaml" or ".yml" (lower case) for specs, so to its build this file does not exist and it fails ("… file ${file} … does not exist"). Rename it to ".${extension.toLowerCase()}".`;
  }
  // OpenAPI 3.0 requires `paths` (3.1 does not): the platform's validator refuses a 3.0 spec without it (issue 65).
  if (version === '3.0' && typeof spec === 'object' && spec !== null && !('paths' in spec)) {
    return `"${file}" is OpenAPI 3.0 without \`paths\`, which 3.0 requires: the platform's validator refuses it, and the build fails ("… exists but is invalid: … must have required property 'paths'"). Add \`paths: {}\`, or write it as OpenAPI 3.1.`;
  }
  if (version === '2.0') {
    return `"${file}" is Swagger 2.0: the platform reads only OpenAPI 3.0 and 3.1 documents (a top-level \`openapi\`), so to its build this file does not exist and it fails ("Openapi file ${file} … does not exist"). Convert it to OpenAPI 3 (e.g. with swagger2openapi).`;
  }
  return undefined;
}
