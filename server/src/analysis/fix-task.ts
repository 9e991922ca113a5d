/**
 * A repair job's work on its checkout, run in a worker thread (library-threads.ts): the library's safe
 * fixes applied to the docs.json with the project's own config, written in place.
 */
import { fixFile, type FixFileResult } from 'docsnav';
import { projectConfig, serverOptions } from './project-config.js';

export interface FixInput {
  /** The docs root inside the checkout (absolute). */
  docsRoot: string;
  /** The docs.json (or docs.yaml) inside it (absolute). */
  docsFile: string;
  /** The top of the checkout: the project's config file is looked for up to here. */
  checkoutRoot: string;
}

export type FixOutput = FixFileResult;

export function fixCheckout(input: FixInput): FixOutput {
  const config = projectConfig(input.docsFile, input.checkoutRoot);
  // Stryker disable next-line StringLiteral: serverOptions tells only 'deployment' apart; any other purpose is a repair's.
  return fixFile(input.docsFile, serverOptions(config, { root: input.docsRoot }, 'repair'));
}
