/** An output format of the CLI's `--format`. */
export type Format = 'pretty' | 'json' | 'sarif' | 'github';

/** Every format, the default (`pretty`) first. Its own module: the CLI reads it without loading a formatter. */
export const formats: readonly Format[] = Object.freeze(['pretty', 'json', 'sarif', 'github'] as const);

export function isFormat(value: string): value is Format {
  return (formats as readonly string[]).includes(value);
}
