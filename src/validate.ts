/**
 * The entry point of validation: `validateText` and `validateFile`, beside `resolveText`
 * (src/resolve.ts) and `fixText` (src/fix.ts). The pipeline they run is src/pipeline/; what they
 * read, src/read.ts; the page scan cache wraps the pipeline here (src/cache/replay.ts).
 */
import path from 'node:path';
import { cachedValidation } from './cache/replay.js';
import { attachFixes } from './fix/compute.js';
import type { ValidateOptions } from './pipeline/options.js';
import { startPipeline, type PipelineHooks } from './pipeline/start.js';
import { sourcesOf } from './pipeline/sources.js';
import { filesOf, readText } from './read.js';
import type { ValidationResult } from './result.js';

/** Validates docs.json text. Every problem is data: nothing is thrown for bad input. */
export function validateText(text: string, options: ValidateOptions = {}): ValidationResult {
  if (!options.pageScans) return runValidation(text, options);
  // The page scan cache wraps the pipeline here, and nowhere else (src/cache/replay.ts): a validation whose
  // every input is unchanged is given again as it was; a run made reads what it may from the store.
  return cachedValidation(text, options, { listing: () => filesOf(options), run: (hooks) => runValidation(text, { ...options, ...hooks }) });
}

/** The validation itself: the pipeline run, its problems located and sorted, their fixes attached. */
function runValidation(text: string, options: ValidateOptions & PipelineHooks): ValidationResult {
  const pipeline = startPipeline(text, options);
  pipeline.finish();
  const problems = pipeline.sink.sorted();
  attachFixes(problems, pipeline.document.files, options);
  return { file: options.file ?? 'docs.json', problems, sources: sourcesOf(pipeline.document.files) };
}

/** Reads and validates a docs.json (or docs.yaml). The docs root defaults to the file's folder. */
export function validateFile(file: string, options: Omit<ValidateOptions, 'file'> = {}): ValidationResult {
  return validateText(readText(file), { ...options, file, root: options.root ?? path.dirname(file) });
}
