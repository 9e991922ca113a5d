/**
 * Markdown and JSX inline syntax as `pageText` turns it into searchable words: tags and their
 * title-like attributes, images, links, code, emphasis, list and quote marks, tables (rows keep
 * their cells apart, rules are dropped) and JSX expressions. One line per case, its exact body.
 */
import { describe, expect, it } from 'vitest';
import { pageText } from '../src/analysis/page-text.js';

const body = (source: string) => pageText(source).sections.map((section) => section.body);

describe('inline syntax', () => {
  it.each([
    [
      'a tag with a title and a description',
      '<Card title="Billing" description="Plans and invoices" icon="card">Read more</Card>',
      'Billing Plans and invoices Read more',
    ],
    ['a tag with a label and alt', '<Tab label=\'Yarn\'>yarn add x</Tab> <img alt="Logo" src="/logo.png" />', 'Yarn yarn add x Logo'],
    ['a one-letter tag with attributes', '<a href="https://acme.example">Docs</a> site', 'Docs site'],
    ['a tag with no words between words', 'word<br/>next', 'word next'],
    ['a closing tag glued to words', 'one</b>two', 'one two'],
    ['a namespaced tag', '<svg:rect width="1" />shape', 'shape'],
    ['an image', '![Dashboard screenshot](/images/dashboard.png) here', 'Dashboard screenshot here'],
    ['an image with no alt text', 'A ![](/images/blank.png) B', 'A B'],
    ['a link', 'Go to [the settings page](/settings) now', 'Go to the settings page now'],
    ['inline code', 'Run `npm install` first', 'Run npm install first'],
    ['bold with stars and underscores', '**Bold** and __strong__ words', 'Bold and strong words'],
    ['a list item', '- First item', 'First item'],
    ['a star item', '* Star item', 'Star item'],
    ['a plus item', '+ Plus item', 'Plus item'],
    ['an indented item', '    - nested `deep`', 'nested deep'],
    ['a numbered item', '10. Tenth step', 'Tenth step'],
    ['a quote', '> Quoted *text*', 'Quoted *text*'],
    ['a dash inside a line', 'Run `npm i` - then start', 'Run npm i - then start'],
    ['a dash with no space after', '-flag `x`', '-flag x'],
    ['a JSX string expression', 'Hello {"world"} and { "there" } and {\'you\'}', 'Hello world and there and you'],
    ['a JSX expression that is not a string', 'Price:{price}USD and {x ? "a" : "b"} end', 'Price: USD and end'],
    ['a pipe in a line that is no table row', 'Values: on|off `x`', 'Values: on off x'],
  ])('%s', (_name, line, expected) => {
    expect(body(line)).toEqual([expected]);
  });

  it('takes the list mark off a heading too, spaces after it included', () => {
    expect(pageText('## -  Dash heading\n\nText.').sections[0].heading).toBe('Dash heading');
  });
});

describe('tables', () => {
  it('keeps each row as one line with its cells apart, drops the rule', () => {
    const table = ['| Plan | Price | Seats |', '| --- | :---: | ---: |', '| Free | $0 | 1 |', '| Pro | $20 | --- |'].join('\n');
    expect(body(`Pricing:\n\n${table}`)).toEqual(['Pricing:\n\nPlan | Price | Seats\n\nFree | $0 | 1\nPro | $20 | ---']);
  });

  it.each([
    ['compact', '|Plan|Price|', '|---|---|', 'Plan | Price'],
    ['no outer pipes', 'Plan | Price', '--- | ---', 'Plan Price'],
    ['indented', '  | Plan | Price |', '  | :--- | ---: |', 'Plan | Price'],
    ['one column', '| Plan |', '| --- |', 'Plan'],
    ['spaces around', '|  Plan  |  Price  | ', '|  ---  |  ---  | ', 'Plan | Price'],
    ['three columns, tabs', '|\tA\t|\tB\t|\tC\t|', '|\t---\t|\t---\t|\t---\t|', 'A | B | C'],
    ['colons on both sides', '| Left | Center |', '|:----|:------:|', 'Left | Center'],
  ])('a table %s', (_name, header, rule, expected) => {
    expect(body(`${header}\n${rule}\n`)).toEqual([expected]);
  });

  it.each([
    ['a rule cell beside text', '| --- | Not available |', '--- | Not available'],
    ['two-dash cells', '| -- | -- |', '-- | --'],
    ['a rule then text', '--- draft `x`', '--- draft x'],
  ])('not a rule: %s', (_name, line, expected) => {
    expect(body(`Before.\n${line}`)).toEqual([`Before.\n${expected}`]);
  });

  it('reads multi-byte cells and a CRLF table', () => {
    expect(body('| 名前 | 説明 |\r\n| --- | --- |\r\n| ユーザー | 利用者 ✅ |\r\n')).toEqual(['名前 | 説明\n\nユーザー | 利用者 ✅']);
  });
});
