/**
 * `ValidateOptions.onProgress`: how far a validation has come, counted where the work is done (the
 * navigation walk, the pipeline's reader, the page scans) and handed to the caller after each step.
 * The CLI draws its progress line from it, and stops at a signal by throwing from it.
 */
import type { FileReader } from '../files.js';
import type { NavigationVisitor } from '../navigation/walk.js';

/** How far a validation has come: counts that only grow. */
export interface ValidationProgress {
  /** Navigation entries walked: elements (groups, tabs, …) and page entries. */
  entries: number;
  /** Files read from the docs root: pages, specs, snippets, `$ref` targets. */
  read: number;
  /** Page bodies checked for their links (scanned, or their scan kept from an earlier run). */
  scanned: number;
}

/** The counts of one validation, told to `onProgress` as each grows. */
export class ProgressCount {
  private readonly progress: ValidationProgress = { entries: 0, read: 0, scanned: 0 };

  constructor(private readonly onProgress: (progress: ValidationProgress) => void) {}

  /** Counts the entries of the one navigation walk. */
  readonly visitor: NavigationVisitor = {
    element: () => this.add('entries', 1),
    page: () => this.add('entries', 1),
  };

  /** `reader`, counting each file it reads (after the read: what the caller is told was read was). */
  reading(reader: FileReader): FileReader {
    return (absolutePath) => {
      const outcome = reader(absolutePath);
      this.add('read', 1);
      return outcome;
    };
  }

  /** Counts `count` page bodies checked. */
  readonly scanned = (count: number): void => this.add('scanned', count);

  private add(what: keyof ValidationProgress, count: number): void {
    this.progress[what] += count;
    this.onProgress({ ...this.progress });
  }
}
