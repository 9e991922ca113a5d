/**
 * The entry point of resolving, beside `validateText` (src/validate.ts) and `fixText`
 * (src/fix.ts): the same pipeline (src/pipeline/), plus remote specs and front-matter titles.
 */
import path from 'node:path';
import { storeBehind } from './cache/store.js';
import type { ValidateOptions } from './pipeline/options.js';
import { sourcesOf } from './pipeline/sources.js';
import { startPipeline } from './pipeline/start.js';
import { readText } from './read.js';
import type { ResolveResult } from './resolve/types.js';

export interface ResolveOptions extends ValidateOptions {
  /** Fetch `openapi` and `asyncapi` URLs (off by default: URL specs are reported, not fetched). */
  allowRemote?: boolean;
}

/** Resolves a docs.json file into its page tree. The docs root defaults to the file's folder. */
export async function resolveFile(file: string, options: Omit<ResolveOptions, 'file'> = {}): Promise<ResolveResult> {
  return resolveText(readText(file), { ...options, file, root: options.root ?? path.dirname(file) });
}

/**
 * Resolves docs.json text into the flat page tree a site generator needs: `openapi`
 * inheritance and endpoint entries expanded, pages in navigation order with their trails.
 * Validation problems and resolution problems come back together: the same pipeline as
 * `validateText`, plus remote specs (with allowRemote) and front-matter titles.
 */
export async function resolveText(text: string, options: ResolveOptions = {}): Promise<ResolveResult> {
  const file = options.file ?? 'docs.json';
  // The page scan store's door opened for the pipeline here, at the cache's seam (as validateText's replay does).
  const pipeline = startPipeline(text, { ...options, file, titles: true, kept: options.pageScans && storeBehind(options.pageScans) });
  if (pipeline.builder && pipeline.loader && options.allowRemote) {
    await Promise.all([
      pipeline.loader.prefetch(pipeline.builder.specSources()),
      pipeline.loader.prefetch(pipeline.builder.asyncapiSources(), 'asyncapi'),
      pipeline.loader.prefetch(pipeline.builder.graphqlSources(), 'graphql'),
    ]);
  }
  const tree = pipeline.finish();
  return { file, tree, problems: pipeline.sink.sorted(), sources: sourcesOf(pipeline.document.files) };
}
