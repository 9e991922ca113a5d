/**
 * page-unparsable: a page whose body does not parse as MDX, said once, at the parser's offset (kept
 * inside the text), with the parser's message ending in one full stop. (The rules target's whole run
 * on a0bbeba: no test of its own read the message or the place; its seven mutants survived.)
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateFile } from '../../src/index.js';
import { tempTrees } from '../config/temp-tree.js';

const tree = tempTrees('docsnav-page-unparsable-');

describe('page-unparsable', () => {
  it('says where the parser stopped and what it said, a full stop added once', () => {
    const root = tree({
      'docs.json': JSON.stringify({ name: 'S', navigation: { pages: ['open', 'brace', 'slash', 'ends', 'fine'] } }),
      'open.mdx': '# Open\n\n<Card title="x">\n',
      'brace.mdx': '# Brace\n\nText {oops\n',
      'slash.mdx': '# Slash\n\nok </Card> then.\n',
      // No newline at the end: the parser stops at the very end of the text.
      'ends.mdx': '# Ends\n\nText {oops',
      'fine.mdx': '# Fine\n\n<Card title="x">Body</Card>\n',
    });
    const found = validateFile(path.join(root, 'docs.json'))
      .problems.filter((problem) => problem.code === 'page-unparsable')
      .map(({ file, message, line, column, endLine, endColumn, severity }) => ({
        file: path.basename(file),
        message,
        at: [line, column, endLine, endColumn],
        severity,
      }));
    // In the order of the files' names.
    expect(found).toEqual([
      {
        file: 'brace.mdx',
        message:
          'This page does not parse as MDX: Unexpected end of file in expression, expected a corresponding closing brace for `{`. Its links are not checked.',
        at: [3, 11, 4, 1],
        severity: 'warning',
      },
      {
        file: 'ends.mdx',
        message:
          'This page does not parse as MDX: Unexpected end of file in expression, expected a corresponding closing brace for `{`. Its links are not checked.',
        at: [3, 11, 3, 12],
        severity: 'warning',
      },
      {
        file: 'open.mdx',
        message: 'This page does not parse as MDX: Expected a closing tag for `<Card>` (3:1-3:17). Its links are not checked.',
        at: [1, 1, 1, 2],
        severity: 'warning',
      },
      {
        file: 'slash.mdx',
        message: 'This page does not parse as MDX: Unexpected closing slash `/` in tag, expected an open tag first. Its links are not checked.',
        at: [3, 5, 3, 6],
        severity: 'warning',
      },
    ]);
  });
});
