/**
 * The text each field of the section index holds (server/src/search/index-fields.ts): the
 * navigation trail's labels as words apart, whatever else a stored trail holds; the body cut to
 * its start; a section without a heading.
 */
import { describe, expect, it } from 'vitest';
import { fieldTexts } from '../src/search/index-fields.js';
import type { PageSection } from '../src/store/deployments.js';

const section = (over: Partial<PageSection>): PageSection => ({
  pagePath: 'guides/setup',
  pageKind: 'page',
  pageTitle: 'Setup',
  pageDescription: 'How to set up',
  hidden: false,
  trail: [],
  heading: null,
  anchor: null,
  depth: 0,
  body: 'Install it.',
  ...over,
});

describe('fieldTexts', () => {
  it('the trail: each label a word apart, what is no label left out', () => {
    const texts = fieldTexts(section({ trail: [{ label: 'Guides' }, null, { label: 7 }, { href: '/x' }, { label: '' }, { label: 'Getting started' }] }), '');
    expect(texts.trail).toBe('Guides Getting started');
  });

  it('a trail that is no list is no words; no heading is an empty heading', () => {
    const texts = fieldTexts(section({ trail: 'Guides' as unknown as unknown[] }), 'linked words');
    expect(texts).toMatchObject({ trail: '', heading: '', title: 'Setup', description: 'How to set up', anchors: 'linked words', body: 'Install it.' });
  });

  it('the body cut to its first 60,000 characters', () => {
    expect(fieldTexts(section({ body: 'a'.repeat(60_001) }), '').body).toHaveLength(60_000);
    expect(fieldTexts(section({ body: 'a'.repeat(60_000) }), '').body).toHaveLength(60_000);
  });
});
