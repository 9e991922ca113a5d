import { describe, expect, it } from 'vitest';
import { slug, titleFromSlug } from '../../src/resolve/slug.js';

describe('slug', () => {
  const cases: Array<{ name: string; input: string; expected: string }> = [
    // The §3 table's inputs.
    { name: 'summary with spaces', input: 'List Users', expected: 'list-users' },
    { name: 'parentheses removed', input: 'Create a user (v2)', expected: 'create-a-user-v2' },
    { name: 'trailing parameter: its dash is dropped before `/` goes', input: '/users/{userId}', expected: 'users' },
    { name: 'inner and trailing parameters', input: '/pets/{petId}/photos/{photoId}', expected: 'pets-photos' },
    { name: 'plain path', input: '/health', expected: 'health' },
    { name: 'path ending in a parameter', input: '/health/{x}', expected: 'health' },
    { name: 'webhook name lower-cased', input: 'petDeleted', expected: 'petdeleted' },
    // Order of the steps.
    { name: 'a leading parameter after `/` keeps its dash (`/` is removed after the edge dashes)', input: '/{x}/a', expected: '-a' },
    { name: 'inner parameter between slashes', input: '/a/{b}/c', expected: 'a-c' },
    { name: 'only a parameter', input: '{id}', expected: '' },
    { name: 'two parameters: one edge dash each side', input: '{id}{name}', expected: '' },
    { name: 'three parameters leave one dash', input: '{a}{b}{c}', expected: '-' },
    { name: 'one leading space dropped, the second kept', input: '  two', expected: '-two' },
    { name: 'one trailing space dropped', input: 'end ', expected: 'end' },
    { name: '`--` replaced in one pass: three dashes become two', input: 'a   b', expected: 'a--b' },
    { name: 'spaced hyphen', input: 'Create - delete', expected: 'create--delete' },
    { name: 'four dashes become two', input: 'a----b', expected: 'a--b' },
    { name: 'dashes brought together by removals are merged', input: 'a.-.-b', expected: 'a-b' },
    { name: 'removed characters', input: "Don't stop, v1.2 (beta)", expected: 'dont-stop-v12-beta' },
    { name: 'unmatched braces are removed', input: 'a{b', expected: 'ab' },
    { name: 'unmatched closing brace', input: 'a}b', expected: 'ab' },
    { name: 'braces match up to the first `}`', input: 'x {a{b} c}', expected: 'x--c' },
    { name: 'newline removed, not turned into a dash', input: 'line\nbreak', expected: 'linebreak' },
    { name: 'tab survives (only spaces become dashes)', input: 'a\tb', expected: 'a\tb' },
    { name: 'URL-breaking characters survive', input: 'Search: users?a&b', expected: 'search:-users?a&b' },
    { name: 'underscores and digits survive', input: 'get_v2_items', expected: 'get_v2_items' },
    { name: 'non-ASCII survives, lower-cased', input: 'ÜBER Straße', expected: 'über-straße' },
    { name: 'empty', input: '', expected: '' },
    { name: 'a single dash', input: '-', expected: '' },
  ];
  it.each(cases)('$name: $input', ({ input, expected }) => {
    expect(slug(input)).toBe(expected);
  });
});

describe("titleFromSlug: the platform's slugToTitle", () => {
  it.each([
    ['api-reference/get-users', 'Get users'],
    ['put-pets-photos', 'Put pets photos'],
    ['petdeleted', 'Petdeleted'],
    ['get-health-1', 'Get health 1'],
    ['guides/getting_started', 'Getting started'],
    ['snake_and-kebab', 'Snake and kebab'],
    // runs are not collapsed, nothing is trimmed
    ['get--users', 'Get  users'],
    ['-lead', ' lead'],
    // a query is not part of the title
    ['search?q=1', 'Search'],
    ['', ''],
  ])('%s -> %j', (page, title) => {
    expect(titleFromSlug(page)).toBe(title);
  });
});
