// Types of licenses.mjs (plain JavaScript: scripts/bundle.mjs runs it after the bundles are built).

/** An esbuild metafile, as far as licenses.mjs reads it: its inputs, by path relative to the project. */
export interface Metafile {
  inputs: Record<string, unknown>;
}

/** The licence notices of every package the metafiles' inputs come from (by name and version, sorted), as one text. */
export function thirdPartyNotices(project: string, metafiles: readonly Metafile[]): string;
