/**
 * A top-level setting written inside `navigation`, moved out beside it (src/fix/move-setting.ts,
 * `validate --fix`), each result written out whole: its later lines one level less deep, with
 * spaces, tabs, CRLF or on one line; and every text that is not what the problem said gets no edit.
 */
import { describe, expect, it } from 'vitest';
import { moveSettingOutOfNavigation } from '../../src/fix/move-setting.js';
import { applyEdits as apply } from '../../src/fix/apply.js';

/** The offsets of the `occurrence`-th `"key"` in `text`. */
function keyAt(text: string, key: string, occurrence = 0): [number, number] {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) at = text.indexOf(`"${key}"`, at + 1);
  return [at, at + key.length + 2];
}

const moved = (text: string, key: string, occurrence = 0) => {
  const edits = moveSettingOutOfNavigation(text, keyAt(text, key, occurrence));
  return edits && apply(text, edits);
};

describe('moving a setting out of navigation', () => {
  it('moves the member before `navigation`, its later lines one level less deep, its comma gone with it', () => {
    const text = [
      '{',
      '  "name": "x",',
      '  "navigation": {',
      '    "pages": ["a"],',
      '    "interaction": {',
      '      "drilldown": true',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n');
    expect(moved(text, 'interaction')).toBe(
      ['{', '  "name": "x",', '  "interaction": {', '    "drilldown": true', '  },', '  "navigation": {', '    "pages": ["a"]', '  }', '}', ''].join('\n'),
    );
    expect(JSON.parse(moved(text, 'interaction')!)).toEqual({ name: 'x', interaction: { drilldown: true }, navigation: { pages: ['a'] } });
  });

  it('keeps tabs and CRLF as the file writes them', () => {
    const text = ['{', '\t"navigation": {', '\t\t"seo": {', '\t\t\t"indexing": "all"', '\t\t},', '\t\t"pages": ["a"]', '\t}', '}'].join('\r\n');
    expect(moved(text, 'seo')).toBe(['{', '\t"seo": {', '\t\t"indexing": "all"', '\t},', '\t"navigation": {', '\t\t"pages": ["a"]', '\t}', '}'].join('\r\n'));
  });

  it('on one line, the member and a comma and a space', () => {
    const text = '{"navigation": {"pages": ["a"], "seo": {"indexing": "all"}}}';
    expect(moved(text, 'seo')).toBe('{"seo": {"indexing": "all"}, "navigation": {"pages": ["a"]}}');
  });

  it('a later line indented less than the member keeps its indentation', () => {
    const text = ['{', '  "navigation": {', '    "pages": ["a"],', '    "banner": {', '"content": "x"', '    }', '  }', '}'].join('\n');
    expect(moved(text, 'banner')).toBe(['{', '  "banner": {', '"content": "x"', '  },', '  "navigation": {', '    "pages": ["a"]', '  }', '}'].join('\n'));
  });

  it('no edit where the text is not what the problem said', () => {
    const text = '{\n  "seo": {},\n  "navigation": {\n    "pages": ["a"],\n    "seo": {}\n  }\n}';
    // A key outside navigation (the top-level one), a span that is no key, a key with no colon after it.
    expect(moveSettingOutOfNavigation(text, keyAt(text, 'seo', 0))).toBeUndefined();
    const [start, end] = keyAt(text, 'seo', 1);
    expect(moveSettingOutOfNavigation(text, [start + 1, end])).toBeUndefined();
    expect(moveSettingOutOfNavigation('{"navigation": ["seo" ]}', keyAt('{"navigation": ["seo" ]}', 'seo'))).toBeUndefined();
    // No navigation in this text (a $ref'd part).
    expect(moveSettingOutOfNavigation('{"pages": [], "seo": {}}', keyAt('{"pages": [], "seo": {}}', 'seo'))).toBeUndefined();
    // A value past navigation's end: the span names a key after it.
    const after = '{"navigation": {"pages": []}, "seo": {}}';
    expect(moveSettingOutOfNavigation(after, keyAt(after, 'seo'))).toBeUndefined();
  });
});
