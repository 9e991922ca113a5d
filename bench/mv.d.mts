export declare const SITES: string[];
export declare function repoOf(site: string): { repo: string; base: string };
export declare function reset(repo: string): void;
export declare function random(seed: number): () => number;
export declare function pick<T>(list: readonly T[], count: number, next: () => number): T[];
export declare function candidates(repo: string): Promise<{ pages: string[]; folders: string[] }>;
export declare function targetOf(kind: 'page' | 'folder', from: string, index: number): string;
export declare function docsnav(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string; ms: number };
export interface ProblemItem {
  key: string;
  problem: { code: string; file: string; message: string };
}
export declare function problemsOf(repo: string, since?: string): ProblemItem[];
export declare function newProblems(before: ProblemItem[], after: ProblemItem[], from: string, to: string): ProblemItem['problem'][];
export declare function treeState(repo: string): string;
