// Types of write-whole.mjs (plain JavaScript: the scripts run it before anything is built).

/** Writes `text` to `file` whole (a temporary file renamed into place). */
export function writeWhole(file: string, text: string): void;
