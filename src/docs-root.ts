import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { DocsFiles } from './rules/types.js';

const SKIPPED = new Set(['node_modules', '.git']);

/**
 * The files under a docs root, listed once (lazily, on the first lookup) so that checking
 * 50,000 pages costs one directory walk, not 100,000 stat calls.
 */
export function docsRootFiles(root: string, label: string = root): DocsFiles {
  let folders: Map<string, string[]> | undefined;
  let files: Set<string> | undefined;

  function index(): void {
    folders = new Map();
    files = new Set();
    const pending = [''];
    while (pending.length > 0) {
      const relative = pending.pop()!;
      const names: string[] = [];
      folders.set(relative, names);
      let entries;
      try {
        entries = readdirSync(path.join(root, relative), { withFileTypes: true });
      } catch {
        continue;
      }
      for (const entry of entries) {
        const child = relative ? `${relative}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (!SKIPPED.has(entry.name)) pending.push(child);
        } else {
          names.push(entry.name);
          files.add(child);
        }
      }
    }
  }

  return {
    root: label,
    hasFile(relativePath) {
      if (!files) index();
      return files!.has(relativePath);
    },
    filesIn(relativeFolder) {
      if (!folders) index();
      return folders!.get(relativeFolder) ?? [];
    },
  };
}
