/** Shrinks a site that shows a difference to a 1-minimal one (bench/differential/shrink.mjs). */
export declare function shrink(
  files: Record<string, string>,
  stillFails: (files: Record<string, string>) => Promise<boolean>,
  options?: { budget?: number },
): Promise<{ files: Record<string, string>; tries: number }>;
