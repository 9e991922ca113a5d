/**
 * Rule messages as tables (src/messages.ts): filled in and read back; every site rule has one,
 * and each of its templates reads back as itself only (so a message's id is never ambiguous).
 */
import { describe, expect, it } from 'vitest';
import { message, readMessage } from '../../src/messages.js';
import { siteRules } from '../../src/rules/index.js';

const TABLE = {
  plain: 'Nothing to fill in.',
  link: 'Link "{url}" leads to /{path}.',
  braces: 'Add {redirect} to redirects.',
} as const;

describe('a messages table', () => {
  it('fills each placeholder, and reads the id and data back', () => {
    const text = message(TABLE, 'link', { url: '/a?b', path: 'a' });
    expect(text).toBe('Link "/a?b" leads to /a.');
    expect(readMessage(TABLE, text)).toEqual({ id: 'link', data: { url: '/a?b', path: 'a' } });
    expect(readMessage(TABLE, message(TABLE, 'plain'))).toEqual({ id: 'plain', data: {} });
    // Data with braces and regular-expression characters of its own.
    const braces = message(TABLE, 'braces', { redirect: '{ "source": "/(a)*" }' });
    expect(readMessage(TABLE, braces)).toEqual({ id: 'braces', data: { redirect: '{ "source": "/(a)*" }' } });
  });

  it('reads nothing from a sentence of no entry', () => {
    expect(readMessage(TABLE, 'Link "/a" leads nowhere.')).toBeUndefined();
    expect(readMessage(TABLE, `${message(TABLE, 'plain')} More.`)).toBeUndefined();
  });

  it('every site rule has a table; each template, filled with markers, reads back as its own id only', () => {
    for (const rule of siteRules) {
      const entries = Object.entries(rule.messages);
      expect(entries.length, rule.code).toBeGreaterThan(0);
      for (const [id, template] of entries) {
        const filled = template.replace(/\{([a-zA-Z]+)\}/g, (_, name: string) => `<${name}>`);
        const others = entries.filter(([other]) => other !== id).map(([other, text]) => [other, { [other]: text }] as const);
        expect(readMessage(rule.messages, filled)?.id, `${rule.code}: ${id}`).toBe(id);
        for (const [other, table] of others) expect(readMessage(table, filled), `${rule.code}: ${id} also reads as ${other}`).toBeUndefined();
      }
    }
  });
});
