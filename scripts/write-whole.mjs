/**
 * Writes a file whole: a temporary file beside it, renamed into place, so a reader finds the old
 * text or the new, never a part; a link at the file's place is replaced, never written through.
 * Used by CI's record (ci-state.mjs) and the mutation state (mutation-state.mjs).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function writeWhole(file, text) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}
