import { LineIndex } from './lines.js';
import type { SourceFile } from './types.js';

/**
 * A file that is not a docs.json (a page, whose front matter a problem is about): no value and
 * no pointers, so its findings carry text offsets (`span`); `locate` answers the file's start.
 */
export function textSource(file: string, text: string): SourceFile {
  const lines = new LineIndex(text);
  return {
    file,
    text,
    format: 'yaml',
    value: undefined,
    findings: [],
    rangeOf: (start, end) => lines.range(start, end),
    locate: () => lines.range(0, 0),
    locateAll: (requests) => requests.map(() => lines.range(0, 0)),
  };
}
