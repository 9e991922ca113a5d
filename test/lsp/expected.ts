/** What the CLI says, as the diagnostics an editor should show: `docsnav validate --format json` on a site. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-protocol';

const SEVERITY = { error: 1, warning: 2, info: 3 } as const;

interface CliProblem {
  code: string;
  severity: keyof typeof SEVERITY;
  message: string;
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  suggest?: string;
}

/** The CLI's problems of the site in `dir` (or of a docs file), by absolute file, as comparable diagnostics. */
export function cliDiagnostics(target: string, args: string[] = []): Map<string, ReturnType<typeof comparable>[]> {
  const result = spawnSync(process.execPath, [path.resolve('dist/cli/main.js'), 'validate', '--format', 'json', ...args, target], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (result.status === 2) throw new Error(result.stderr);
  const byFile = new Map<string, ReturnType<typeof comparable>[]>();
  for (const { file, problems } of JSON.parse(result.stdout) as Array<{ file: string; problems: CliProblem[] }>) {
    if (!byFile.has(path.resolve(file))) byFile.set(path.resolve(file), []);
    for (const p of problems) {
      const key = path.resolve(p.file);
      if (!byFile.has(key)) byFile.set(key, []);
      byFile.get(key)!.push({
        code: p.code,
        severity: SEVERITY[p.severity],
        range: { start: { line: p.line - 1, character: p.column - 1 }, end: { line: p.endLine - 1, character: p.endColumn - 1 } },
        message: p.suggest === undefined ? p.message : `${p.message} Suggestion: use ${JSON.stringify(p.suggest)}.`,
      });
    }
  }
  return byFile;
}

export function comparable(d: Pick<Diagnostic, 'code' | 'severity' | 'range' | 'message'>) {
  return { code: d.code, severity: d.severity, range: d.range, message: d.message };
}
