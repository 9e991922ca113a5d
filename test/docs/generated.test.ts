import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allCodes, codes } from '../../src/codes.js';
import { generatedFiles, replaceSection } from '../../scripts/generated-docs.js';

/**
 * The documents the registries generate (scripts/generated-docs.ts) are committed as generated:
 * each is regenerated here, in memory, and compared with the committed copy (as typescript-eslint
 * checks its generated docs). `npm run docs` rewrites them.
 */
const REPO = path.resolve(import.meta.dirname, '..', '..');
/**
 * Generated inside each test that reads them, not when the file loads: mutation testing counts what
 * a test runs, and a mutant of scripts/generated-docs.ts met only the text made before any test ran
 * (14 survived the scripts target's whole run, each a change of a committed document).
 */
const generated = () => generatedFiles(REPO);

describe('generated documents', () => {
  it('each is what the registries generate (docs/checks.md, docs/cli.md, CONTRIBUTING.md, docs/rules/README.md, the config schema)', () => {
    const files = generated();
    expect(files.map(({ file }) => file).sort()).toEqual(
      ['CONTRIBUTING.md', 'docs/checks.md', 'docs/cli.md', 'docs/rules/README.md', 'schema/config.schema.json'].sort(),
    );
    for (const { file, text } of files) {
      const committed = readFileSync(path.join(REPO, file), 'utf8');
      if (committed !== text) {
        const lines = committed.split('\n');
        const at = text.split('\n').findIndex((line, i) => line !== lines[i]);
        expect.fail(`${file} is stale from line ${at + 1} (${JSON.stringify(lines[at])}): run npm run docs and commit the result`);
      }
    }
  });

  it('every code has a row in docs/checks.md and in the rule docs index, linking its page', () => {
    const files = generated();
    const checks = files.find((f) => f.file === 'docs/checks.md')!.text;
    const index = files.find((f) => f.file === 'docs/rules/README.md')!.text;
    for (const code of allCodes) {
      expect(checks).toContain(`| [\`${code}\`](rules/${code}.md) | ${codes[code].severity} |`);
      expect(index).toContain(`| [\`${code}\`](${code}.md) |`);
    }
  });

  it('a section replaced keeps its markers and what is around it; a missing section is an error', () => {
    const text = 'before\n<!-- generated:x -->\nold\n<!-- /generated:x -->\nafter\n';
    expect(replaceSection(text, 'x', 'new', 'doc.md')).toBe('before\n<!-- generated:x -->\nnew\n<!-- /generated:x -->\nafter\n');
    expect(() => replaceSection(text, 'y', 'new', 'doc.md')).toThrow('doc.md has no <!-- generated:y -->');
  });
});
