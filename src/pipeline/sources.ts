/**
 * The files a run reports in: a page or spec a finding is in joins the document's files (for the
 * order of problems and for code frames), and the result carries their texts (`sources`).
 */
import path from 'node:path';
import type { Finding, Range } from '../problem.js';
import { parseSource } from '../source/index.js';
import type { LoadedDocument } from '../source/refs.js';
import { textSource } from '../source/text.js';
import type { SourceFile } from '../source/types.js';
import type { ProblemSink } from './sink.js';

/** Reports a finding in a page or spec (root-relative): such files join the document's files, once each (for order and code frames). */
export function reporterIn(
  document: Pick<LoadedDocument, 'files'>,
  sink: ProblemSink,
  displayRoot: string,
): (relative: string, text: string, kind: 'page' | 'spec', finding: Finding, place?: Range) => void {
  const others = new Map<string, SourceFile>();
  return (relative, text, kind, finding, place) => {
    let source = others.get(relative);
    if (!source) {
      const shown = path.join(displayRoot, relative);
      source = kind === 'page' ? textSource(shown, text) : parseSource(shown, text);
      others.set(relative, source);
      document.files.push(source);
    }
    sink.addInFile(source, finding, place);
  };
}

/** The texts of the files a run reports in, by name (the result's `sources`). */
export function sourcesOf(files: readonly SourceFile[]): Record<string, string> {
  const sources: Record<string, string> = {};
  // Defined, not assigned: a `$ref` file named `__proto__` is a file like any other.
  for (const source of files) Object.defineProperty(sources, source.file, { value: source.text, enumerable: true, writable: true, configurable: true });
  return sources;
}
