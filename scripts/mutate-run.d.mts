// Types of mutate-run.mjs (plain JavaScript: scripts/mutate.mjs runs it before anything is built).

/** What a run in its own process group answered: the child's results, its error (a line), or the seconds it ran before the deadline stopped it. */
export type Answer<T> = { results: T } | { error: string } | { stopped: number };

export function runInGroup<T = unknown>(job: unknown, options: { env: NodeJS.ProcessEnv; deadline?: number; program?: string }): Promise<Answer<T>>;

export function serve(work: (job: never) => unknown): void;
