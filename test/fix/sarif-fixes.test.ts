import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatSarif, validateFile } from '../../src/index.js';

interface Replacement {
  deletedRegion: { charOffset: number; charLength: number };
  insertedContent: { text: string };
}
interface ArtifactLocation {
  uri: string;
  uriBaseId?: string;
}
interface SarifFix {
  description: { text: string };
  artifactChanges: Array<{ artifactLocation: ArtifactLocation; replacements: Replacement[] }>;
}
interface Result {
  ruleId: string;
  locations: Array<{ physicalLocation: { artifactLocation: ArtifactLocation } }>;
  fixes?: SarifFix[];
}

describe('SARIF fixes', () => {
  const result = () => validateFile('fixtures/broken/docs.json');
  const log = () => JSON.parse(formatSarif([result()])) as { runs: Array<{ results: Result[] }> };
  const results = () => log().runs[0].results;
  const text = readFileSync('fixtures/broken/docs.json', 'utf8');

  it('are on the results whose problem has a safe fix, and only those', () => {
    expect(
      results()
        .filter((r) => r.fixes)
        .map((r) => r.ruleId),
    ).toEqual(
      result()
        .problems.filter((p) => p.fix)
        .map((p) => p.code),
    );
    expect(
      results()
        .filter((r) => r.fixes)
        .map((r) => r.ruleId),
    ).toEqual(['invalid-value', 'expanded-top-level', 'page-path', 'unknown-field', 'duplicate-page']);
  });

  it('have the SARIF 2.1.0 shape: fixes[].artifactChanges[].replacements[] with a deleted region and inserted content', () => {
    for (const r of results().filter((x) => x.fixes)) {
      for (const fix of r.fixes!) {
        expect(Object.keys(fix).sort()).toEqual(['artifactChanges', 'description']);
        expect(typeof fix.description.text).toBe('string');
        for (const change of fix.artifactChanges) {
          expect(Object.keys(change).sort()).toEqual(['artifactLocation', 'replacements']);
          expect(change.artifactLocation).toEqual({ uri: 'fixtures/broken/docs.json', uriBaseId: '%SRCROOT%' });
          for (const replacement of change.replacements) {
            expect(Object.keys(replacement).sort()).toEqual(['deletedRegion', 'insertedContent']);
            expect(Object.keys(replacement.deletedRegion).sort()).toEqual(['charLength', 'charOffset']);
            expect(Number.isInteger(replacement.deletedRegion.charOffset) && replacement.deletedRegion.charOffset >= 0).toBe(true);
            expect(Number.isInteger(replacement.deletedRegion.charLength) && replacement.deletedRegion.charLength >= 0).toBe(true);
            expect(Object.keys(replacement.insertedContent)).toEqual(['text']);
          }
        }
      }
    }
  });

  it('name their file as their result does, with a repository root above the working folder too', () => {
    // The CLI gives the repository root as srcRoot; here the project is a subfolder of it.
    const root = path.dirname(process.cwd());
    const rooted = (JSON.parse(formatSarif([result()], { srcRoot: root })) as { runs: Array<{ results: Result[] }> }).runs[0].results;
    for (const r of rooted.filter((x) => x.fixes)) {
      const own = r.locations[0].physicalLocation.artifactLocation;
      expect(own).toEqual({ uri: `${path.basename(process.cwd())}/fixtures/broken/docs.json`, uriBaseId: '%SRCROOT%' });
      for (const fix of r.fixes!) for (const change of fix.artifactChanges) expect(change.artifactLocation).toEqual(own);
    }
  });

  it('replace exactly the text in question', () => {
    const edits = results()
      .filter((r) => r.fixes)
      .map((r) => {
        const { deletedRegion, insertedContent } = r.fixes![0].artifactChanges[0].replacements[0];
        return `${r.ruleId}: ${JSON.stringify(text.slice(deletedRegion.charOffset, deletedRegion.charOffset + deletedRegion.charLength))} -> ${JSON.stringify(insertedContent.text)}`;
      });
    expect(edits).toEqual([
      'invalid-value: "\\"breadcrumb\\"" -> "\\"breadcrumbs\\""',
      'expanded-top-level: ",\\n            \\"expanded\\": false" -> ""',
      'page-path: "\\"quickstart.mdx\\"" -> "\\"quickstart\\""',
      'unknown-field: "\\"expand\\"" -> "\\"expanded\\""',
      'duplicate-page: ", \\"concepts/navigation/tabs\\"" -> ""',
    ]);
  });
});
