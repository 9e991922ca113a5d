/** Looking at paths of a move on disk. */
import { lstatSync, type Stats } from 'node:fs';

/** A path's lstat; undefined when there is nothing there (ENOENT, or ENOTDIR: a file where a folder of the path would be). Any other error (EACCES: a folder that may not be searched) is thrown: it is the cause to say. */
export function lstatOrUndefined(file: string): Stats | undefined {
  try {
    return lstatSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

export function exists(file: string): boolean {
  return lstatOrUndefined(file) !== undefined;
}
