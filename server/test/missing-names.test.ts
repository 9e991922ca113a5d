/** The things a question names that the site never mentions (issue 53): the decline's signal. */
import { describe, expect, it } from 'vitest';
import { isEnglishWord } from '../src/search/lexicon.js';
import { analyzerFor } from '../src/search/language.js';
import { missingNames } from '../src/search/missing-names.js';
import { SectionIndex } from '../src/search/section-index.js';
import { tokenize } from '../src/search/tokenize.js';
import { section } from './sections.js';

const SITE = [
  section({ pagePath: 'sessions', pageTitle: 'Sessions', body: 'Sessions expire after 12 hours. Configure the session duration in Settings.' }),
  section({ pagePath: 'webhooks', pageTitle: 'Webhooks', body: 'Webhooks notify your server. Verify the signature with the JWKS of your tenant.' }),
  section({ pagePath: 'sso', pageTitle: 'Okta', body: 'Connect Okta with SAML. Use PostgreSQL for the database.' }),
];

describe('missingNames', () => {
  const english = analyzerFor('en');
  it.each([
    { question: 'Is there a Terraform provider for projects?', names: ['terraform'] },
    // A name that is also an English word (a snowflake) is not told apart: it counts as wording.
    { question: 'Can I export sessions to BigQuery or Snowflake?', names: ['bigquery'] },
    // Everyday words the site does not use are the reader's wording, not a missing subject.
    { question: 'users keep getting kicked out after half a day on their laptop', names: [] },
    { question: 'I want a remember-me tickbox', names: ['tickbox'] },
    // Words the site holds, whatever their case or inflection.
    { question: 'Does OKTA work with saml?', names: [] },
    // A misspelling of a site word is that word.
    { question: 'how do I verify webhok signatures?', names: [] },
    // Host names, files and methods are the reader's own; numbers and short words name nothing.
    { question: 'serve it from docs.mycompany.com on v2 port 8080', names: [] },
    // Compounds: missing only when a part is.
    { question: 'is two-factor or bare-metal supported?', names: [] },
    { question: 'does it run on on-prem LDAP-servers?', names: ['on-prem', 'ldap-servers'] },
    // Irregular forms and function words WordNet leaves out.
    { question: 'it ran onto something biggest', names: [] },
  ])('$question → $names', async ({ question, names }) => {
    const index = await SectionIndex.build(SITE);
    expect(missingNames(question, index, english)).toEqual(names);
  });

  it('names nothing in a question of another language (the lexicon is English)', async () => {
    const index = await SectionIndex.build(SITE);
    expect(missingNames('¿Cómo configuro Terraform?', index, analyzerFor('es'))).toEqual([]);
  });

  it.each([
    ['laptop', true],
    ['kicked', true],
    ['bigger', true],
    ['stopped', true],
    ['policies', true],
    ['terraform', false],
    ['wordpress', false],
    ['graphql', false],
  ])('isEnglishWord(%s) is %s', (word, expected) => {
    expect(isEnglishWord(word)).toBe(expected);
  });
});

describe('whether a page holds a word (what decides that the best pages do not cover the question)', () => {
  it('answers for every page and word exactly: never from the postings of the word after it', async () => {
    // One word per page, each word's postings next to the next word's in the index.
    const words = ['alpha', 'bravo', 'charlie', 'delta'];
    const index = await SectionIndex.build(words.map((word) => section({ pagePath: word, pageTitle: word, body: `${word} ${word}.` })));
    // The index holds words as the analyzer writes them (stemmed: "charlie" is "charli").
    const term = (word: string) => tokenize(word, analyzerFor('en'))[0];
    for (const page of words) for (const word of words) expect(index.pageHolds(page, term(word)), `${page} holds ${word}`).toBe(page === word);
  });
});
