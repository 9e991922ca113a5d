import type { Problem } from '../problem.js';

/** SARIF 2.1.0 `fix`: the edits of a problem's fix, as replacements in its file (offsets in UTF-16 code units, the run's columnKind). */
export interface SarifFix {
  description: { text: string };
  artifactChanges: Array<{
    artifactLocation: { uri: string };
    replacements: Array<{ deletedRegion: { charOffset: number; charLength: number }; insertedContent: { text: string } }>;
  }>;
}

/** The `fixes` of a SARIF result for a problem with a safe fix; undefined for one without. */
export function sarifFixes(problem: Problem, uri: string): SarifFix[] | undefined {
  if (!problem.fix || problem.fix.edits.length === 0) return undefined;
  return [
    {
      description: {
        text: problem.suggest !== undefined ? `Use ${JSON.stringify(problem.suggest)} (docsnav validate --fix).` : 'Remove it (docsnav validate --fix).',
      },
      artifactChanges: [
        {
          artifactLocation: { uri },
          replacements: problem.fix.edits.map((edit) => ({
            deletedRegion: { charOffset: edit.start, charLength: edit.end - edit.start },
            insertedContent: { text: edit.text },
          })),
        },
      ],
    },
  ];
}
