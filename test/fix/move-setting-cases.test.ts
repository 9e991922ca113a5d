/**
 * A top-level setting moved out of `navigation` (src/fix/move-setting.ts), on shapes the first
 * tests did not cover, each result written out whole: a byte-order mark (the fix was not offered
 * at all), `navigation` written twice (the last one, as JSON.parse keeps it), a member that shares
 * its line with the one before it, indentation that mixes tabs and spaces, line breaks that mix CRLF
 * and LF, `navigation` on the first line; and spans that are not what the problem said.
 */
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../src/fix/apply.js';
import { moveSettingOutOfNavigation } from '../../src/fix/move-setting.js';
import { fixText } from '../../src/index.js';

/** The offsets of the last `"key"` in `text`. */
function keyAt(text: string, key: string): [number, number] {
  const at = text.lastIndexOf(`"${key}"`);
  return [at, at + key.length + 2];
}

function moved(text: string, key: string): string | undefined {
  const edits = moveSettingOutOfNavigation(text, keyAt(text, key));
  return edits && applyEdits(text, edits);
}

describe('moved out beside navigation', () => {
  const cases: Array<[name: string, text: string, key: string, after: string]> = [
    [
      'a byte-order mark before the document',
      '\uFEFF{\n  "navigation": {\n    "pages": ["a"],\n    "seo": {\n      "indexing": "all"\n    }\n  }\n}',
      'seo',
      '\uFEFF{\n  "seo": {\n    "indexing": "all"\n  },\n  "navigation": {\n    "pages": ["a"]\n  }\n}',
    ],
    [
      '`navigation` written twice: the last one',
      '{\n  "navigation": {"pages": []},\n  "navigation": {\n    "pages": ["a"],\n    "seo": {"indexing": "all"}\n  }\n}',
      'seo',
      '{\n  "navigation": {"pages": []},\n  "seo": {"indexing": "all"},\n  "navigation": {\n    "pages": ["a"]\n  }\n}',
    ],
    [
      'a member sharing its line with the one before it: its later lines as they are',
      '{\n  "navigation": {"pages": [], "seo": {\n    "indexing": "all"}}\n}',
      'seo',
      '{\n  "seo": {\n    "indexing": "all"},\n  "navigation": {"pages": []}\n}',
    ],
    [
      'an indentation that does not start with navigation’s: its later lines as they are',
      '{\n  "navigation": {\n  \t"pages": ["a"],\n\t  "seo": {\n\t    "indexing": "all"\n\t  }\n  }\n}',
      'seo',
      '{\n  "seo": {\n\t    "indexing": "all"\n\t  },\n  "navigation": {\n  \t"pages": ["a"]\n  }\n}',
    ],
    [
      'a file with CRLF somewhere: the moved lines get CRLF',
      '{\r\n  "navigation": {\n    "pages": ["a"],\n    "seo": {\n      "indexing": "all"\n    }\n  }\n}',
      'seo',
      '{\r\n  "seo": {\r\n    "indexing": "all"\r\n  },\r\n  "navigation": {\n    "pages": ["a"]\n  }\n}',
    ],
    [
      '`navigation` on the first line: after a comma and a space, the lines as they are',
      '{"navigation": {\n    "seo": {\n      "indexing": "all"\n    },\n    "pages": []\n  }\n}',
      'seo',
      '{"seo": {\n      "indexing": "all"\n    }, "navigation": {\n    "pages": []\n  }\n}',
    ],
  ];
  it.each(cases)('%s', (_name, text, key, after) => {
    expect(moved(text, key)).toBe(after);
    expect(JSON.parse(after.replace(/^\uFEFF/, ''))).toMatchObject({ [key]: {} });
  });
});

describe('no edit where the span is not what the problem said', () => {
  const text = '{\n  "navigation": {\n    "pages": ["a"],\n    "seo": {}\n  }\n}';
  const [start, end] = keyAt(text, 'seo');

  it('a span that starts at the space before the key', () => {
    expect(moveSettingOutOfNavigation(text, [start - 1, end])).toBeUndefined();
  });

  it('a member with no comma before it (text that does not parse)', () => {
    const broken = '{"navigation": {"pages": [] "seo": {}}}';
    expect(moveSettingOutOfNavigation(broken, keyAt(broken, 'seo'))).toBeUndefined();
  });

  it('the key of navigation itself', () => {
    expect(moveSettingOutOfNavigation(text, keyAt(text, 'navigation'))).toBeUndefined();
  });
});

describe('through validate --fix', () => {
  it('a docs.json with a byte-order mark gets the fix, the mark kept', () => {
    const text = '\uFEFF{\n  "name": "Docs",\n  "navigation": {\n    "interaction": {\n      "drilldown": false\n    },\n    "pages": ["intro"]\n  }\n}\n';
    const [file] = fixText(text, { file: 'docs.json' }).files;
    expect(file.after).toBe(
      '\uFEFF{\n  "name": "Docs",\n  "interaction": {\n    "drilldown": false\n  },\n  "navigation": {\n    "pages": ["intro"]\n  }\n}\n',
    );
  });
});
