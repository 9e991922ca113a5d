// Types of install-cost.mjs (plain JavaScript, for the bench scripts).

/** The packages npm installed in `project` (`node_modules/…` keys of its hidden lockfile). */
export function installedPackages(project: string): string[];
/** Disk use of a folder (blocks, as `du` counts them), in MB; symlinks are not followed. */
export function diskMegabytes(folder: string): number;
