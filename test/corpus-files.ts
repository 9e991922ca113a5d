/** The real-world corpus beside the project (../shared/corpus), as the corpus suites read it. */
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const corpus = path.resolve('../shared/corpus');
export const docs = path.join(corpus, 'docs');
/** Every docs/NNNN.json, sorted. */
export const files = readdirSync(docs)
  .filter((name) => name.endsWith('.json'))
  .sort();

/** docs/0001.json splits itself with $ref; its targets are in refs/0001/, so it is named from there. */
export function fileNameFor(name: string): string {
  const refs = path.join(corpus, 'refs', name.replace(/\.json$/, ''));
  try {
    readdirSync(refs);
    return path.join(refs, 'docs.json');
  } catch {
    return path.join(docs, name);
  }
}
