/**
 * Output is safe to print (issue 8): escape sequences in docs.json, front matter or a spec
 * (labels, titles, summaries, page paths) never reach a terminal raw in a human-facing
 * format; JSON and SARIF stay faithful (their escaping carries the characters).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatGithub } from '../../src/report/github.js';
import { formatTreePretty } from '../../src/report/tree.js';
import { resolveText } from '../../src/resolve.js';
import { validateText } from '../../src/validate.js';
import { RAW_CONTROL, runCli, tempDir } from './helpers.js';

/** A window title, a screen clear, a hyperlink, a C1 CSI and a bidi override. */
const ESC = '\u001b]0;owned\u0007\u001b[2J\u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\\u009b31m\u202Egnp.exe';

let temp: { dir: string; remove: () => void };
let docsFile: string;
beforeAll(() => {
  temp = tempDir();
  const write = (name: string, text: string) => {
    const file = path.join(temp.dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    return file;
  };
  write('intro.mdx', `---\ntitle: "Intro ${JSON.stringify(ESC).slice(1, -1)}"\n---\n# Intro\n`);
  write(
    'openapi.json',
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: { '/x': { get: { summary: `Get ${ESC}`, tags: [`Tag ${ESC}`], responses: {} } } },
    }),
  );
  docsFile = write(
    'docs.json',
    JSON.stringify({
      navigation: {
        tabs: [
          { tab: `Tab ${ESC}`, groups: [{ group: `Group ${ESC}`, pages: ['intro', `missing${ESC}`] }] },
          { tab: 'API', openapi: 'openapi.json' },
        ],
      },
    }),
  );
});
afterAll(() => temp?.remove());

describe('human-facing formats neutralise control characters', () => {
  it('resolve --tree-format pretty: tree on stdout and problems on stderr', async () => {
    const run = await runCli(['resolve', docsFile, '--tree-format', 'pretty']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Group');
    expect(run.stdout).toContain('Intro');
    expect(run.stdout).not.toMatch(RAW_CONTROL);
    expect(run.stderr).toContain('page-not-found');
    expect(run.stderr).not.toMatch(RAW_CONTROL);
  });

  it('formatTreePretty keeps the text visible: ESC as ␛, bidi overrides as U+FFFD', async () => {
    const result = await resolveText(JSON.stringify({ navigation: { groups: [{ group: `G${ESC}`, pages: ['p'] }] } }), { file: 'docs.json' });
    const text = formatTreePretty(result.tree, { color: true });
    expect(text).toContain('G␛]0;owned␇␛[2J');
    expect(text).toContain('\uFFFDgnp.exe');
    // Only the formatter's own colours remain: every ESC is followed by a colour code.
    expect(text.replace(/\u001b\[\d+(;\d+)*m/g, '')).not.toMatch(RAW_CONTROL);
  });

  it('validate --format github and --format pretty', async () => {
    for (const format of ['github', 'pretty']) {
      const run = await runCli(['validate', docsFile, '--format', format]);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('page-not-found');
      expect(run.stdout).not.toMatch(RAW_CONTROL);
    }
  });

  it('formatGithub: also in the file name and the suggestion', () => {
    const result = validateText(JSON.stringify({ navigation: { pages: [`a${ESC}.mdx`] } }), { file: `docs${ESC}.json` });
    const text = formatGithub([result]);
    expect(text).toContain('page-path');
    expect(text).not.toMatch(RAW_CONTROL);
  });

  // JSON escapes C0 controls (ESC among them); C1 and bidi characters are ordinary string characters in JSON.
  const RAW_C0 = /[\u0000-\u0009\u000B-\u001F\u007F]/;

  it('JSON stays faithful: the characters are escaped, not replaced', async () => {
    const run = await runCli(['resolve', docsFile]);
    expect(run.stdout).not.toMatch(RAW_C0);
    const tree = JSON.parse(run.stdout) as { pages: Array<{ trail: Array<{ label: string }> }> };
    expect(tree.pages[0].trail.map((t) => t.label)).toEqual([`Tab ${ESC}`, `Group ${ESC}`]);
    const validated = await runCli(['validate', docsFile, '--format', 'json']);
    expect(validated.stdout).not.toMatch(RAW_C0);
    expect(validated.stdout).toContain('\\u001b');
  });
});
