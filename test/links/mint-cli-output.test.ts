import { describe, expect, it } from 'vitest';
import { parseBrokenLinksOutput } from '../../bench/mint-cli.mjs';

/**
 * Reading what `mint broken-links` prints (bench/mint-cli.mjs): an ink screen written to a pipe, frame after frame,
 * with cursor escapes between them. The frames here are built the way ink writes them (erase-line and cursor-up
 * escapes, the spinner, then the list with a no-break space around "⎿"), so the parser is tested without the
 * incumbent installed; test/links/incumbent.corpus.test.ts runs it on the real command's output.
 */
const ERASE = '\u001b[2K\u001b[1A\u001b[2K\u001b[G';
const spinner = ['⠋', '⠙', '⠹'].map((frame) => `${frame} checking for broken links...\n`).join(ERASE);
const linkLine = (link: string) => `\u00A0\u23BF\u00A0\u00A0${link}\n`;
const list = (header: string, files: Record<string, string[]>) =>
  `${header}\n\n${Object.entries(files)
    .map(([file, links]) => `${file}\n${links.map(linkLine).join('')}\n`)
    .join('')}`;

describe('parseBrokenLinksOutput', () => {
  it('reads the last frame: files in order, each with its links as printed', () => {
    const files = { 'CLAUDE.md': ['.claude/architecture.md'], 'guides/a b.mdx': ['/images/x.png', '/quickstart#install', '../up/one'] };
    const output = spinner + ERASE + list('found 4 broken links in 2 files', files);
    expect(parseBrokenLinksOutput(output)).toEqual({ files });
  });

  it('takes the last list when a frame is written twice', () => {
    const first = list('found 1 broken link in 1 file', { 'old.mdx': ['/gone'] });
    const last = list('found 2 broken links in 1 file', { 'new.mdx': ['/a', '/b'] });
    expect(parseBrokenLinksOutput(spinner + ERASE + first + ERASE + last)).toEqual({ files: { 'new.mdx': ['/a', '/b'] } });
  });

  it('"no broken links found" (with the "success" label ink prints before it) is no files', () => {
    expect(parseBrokenLinksOutput(`${spinner}${ERASE}success no broken links found\n`)).toEqual({ files: {} });
  });

  it('a failure is its last line (with the "error" label ink prints before it)', () => {
    const output = `${spinner}${ERASE}error Syntax error - Unable to parse broken.mdx - 3:1-3:2: Unexpected closing slash\n`;
    expect(parseBrokenLinksOutput(output)).toEqual({ error: 'error Syntax error - Unable to parse broken.mdx - 3:1-3:2: Unexpected closing slash' });
  });

  it('a list that does not add up to its header (a link wrapped onto a second line) is an error, not findings', () => {
    const wrapped = `found 1 broken link in 1 file\n\npage.mdx\n${linkLine('/images/a-very-long-name-that-the-terminal-')}wrapped.png\n`;
    expect(parseBrokenLinksOutput(wrapped).error).toMatch(/says 1 broken links in 1 files; 1 in 2 were read/);
  });
});
