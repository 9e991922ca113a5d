// Types of declarations.mjs (plain JavaScript: scripts/bundle.mjs runs it after tsc's build).

/** The declaration files `entry` reaches by relative `from`, `import` and `import()`, `entry` included (absolute paths). */
export function reachableDeclarations(entry: string): Set<string>;

/** Removes every declaration file under `dist` that its index.d.ts does not reach; the others stay. */
export function pruneDeclarations(dist: string): void;
