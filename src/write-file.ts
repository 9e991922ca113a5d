/**
 * Writing a file a command makes (`docsnav upgrade`'s docs.json) so that it is never half written
 * and never written through a link: the text goes to a new temporary file in the same folder
 * (`wx`: never an existing file or link), synced, then put in place in one step. After a full
 * disk, a signal or kill -9, the old state or the new one remains (at worst a temporary file beside it).
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Writes `text` as a new file: refuses (EEXIST) when anything is there, a dangling symbolic link included. */
export function createNewFile(file: string, text: string): void {
  // link(2) fails on any existing name and follows no link: create-exclusive, and atomic.
  withTemporary(file, text, (temporary) => linkSync(temporary, file));
}

/** Puts `text` in place of `file` (a symbolic link there is replaced, never written through). */
export function replaceFile(file: string, text: string): void {
  withTemporary(file, text, (temporary) => renameSync(temporary, file));
}

function withTemporary(file: string, text: string, place: (temporary: string) => void): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.docsnav-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    const fd = openSync(temporary, 'wx');
    try {
      const bytes = Buffer.from(text, 'utf8');
      for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written, bytes.length - written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    place(temporary);
  } finally {
    rmSync(temporary, { force: true });
  }
}
