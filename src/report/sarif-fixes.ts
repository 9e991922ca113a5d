import type { Problem } from '../problem.js';

/**
 * Where a file is, as SARIF writes it: a URI relative to `%SRCROOT%` (the repository root), or
 * an absolute `file:` URI (no base).
 */
export interface SarifArtifactLocation {
  uri: string;
  uriBaseId?: '%SRCROOT%';
}

/** SARIF 2.1.0 `fix`: the edits of a problem's fix, as replacements in its file (offsets in UTF-16 code units, the run's columnKind). */
export interface SarifFix {
  description: { text: string };
  artifactChanges: Array<{
    artifactLocation: SarifArtifactLocation;
    replacements: Array<{ deletedRegion: { charOffset: number; charLength: number }; insertedContent: { text: string } }>;
  }>;
}

/**
 * The `fixes` of a SARIF result for a problem with a safe fix; undefined for one without.
 * `artifactLocation` is the result's own (the fix edits the problem's file): a viewer resolves
 * both the same way, so a fix never names a path relative to some other folder.
 */
export function sarifFixes(problem: Problem, artifactLocation: SarifArtifactLocation): SarifFix[] | undefined {
  if (!problem.fix || problem.fix.edits.length === 0) return undefined;
  return [
    {
      description: {
        text: problem.suggest !== undefined ? `Use ${JSON.stringify(problem.suggest)} (docsnav validate --fix).` : 'Remove it (docsnav validate --fix).',
      },
      artifactChanges: [
        {
          artifactLocation,
          replacements: problem.fix.edits.map((edit) => ({
            deletedRegion: { charOffset: edit.start, charLength: edit.end - edit.start },
            insertedContent: { text: edit.text },
          })),
        },
      ],
    },
  ];
}
