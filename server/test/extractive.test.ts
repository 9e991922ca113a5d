/** The answer without a model: quoted sentences with their citation, a hedge when the match is weak. */
import { describe, expect, it } from 'vitest';
import { extractiveAnswer, missingLine, NO_MODEL_LINE, NOT_DIRECT_LINE, NOT_FOUND_LINE, sentences } from '../src/assistant/extractive.js';
import { pageText } from '../src/analysis/page-text.js';
import { pageUrl, retrieve, type Passage, type Retrieval } from '../src/search/retrieve.js';
import { analyzerFor } from '../src/search/language.js';
import { SectionIndex } from '../src/search/section-index.js';
import { section } from './sections.js';

const SITE = [
  section({ pagePath: 'keys', pageTitle: 'Keys', body: 'Keys belong to a project. Keys never expire.' }),
  section({
    pagePath: 'keys',
    pageTitle: 'Keys',
    heading: 'Rotate a key',
    anchor: 'rotate-a-key',
    body: 'To rotate a key, create a new key first.\nThen delete the old one within 24 hours.\nUnrelated closing words here.',
  }),
  section({ pagePath: 'api/create-key', pageKind: 'endpoint', pageTitle: 'Create a key', body: 'POST /keys\n\nCreate a key' }),
  section({ pagePath: 'billing', pageTitle: 'Billing', body: 'Invoices arrive monthly.' }),
];

async function answerTo(question: string, site = SITE): Promise<{ retrieval: Retrieval; lines: string[]; cited: number[] }> {
  const index = await SectionIndex.build(site);
  const retrieval = await retrieve({ get: () => Promise.resolve(index) } as never, 'd', [{ role: 'user', content: question }], { limit: 5 });
  return { retrieval, ...extractiveAnswer(retrieval) };
}

describe('extractive answer', () => {
  it('quotes the best section of the first page with the sentence after the match, each source cited, and says no model is configured', async () => {
    const { lines, cited, retrieval } = await answerTo('How do I rotate a key?');
    expect(retrieval.passages.map((passage) => passage.url)).toEqual(['/keys#rotate-a-key', '/api/create-key']);
    // The section's lead is its first two units: the third, holding none of the question's words, is left out.
    expect(lines[0]).toBe(
      '**Keys**: Keys belong to a project. Keys never expire. … To rotate a key, create a new key first. Then delete the old one within 24 hours. [1]',
    );
    expect(lines[1]).toBe('**Create a key**: POST /keys Create a key [2]');
    expect(lines.at(-1)).toBe(NO_MODEL_LINE);
    expect(cited).toEqual([1, 2]);
  });

  it('says when nothing was found, and hedges when the question names what the site never mentions', async () => {
    expect((await answerTo('zzzz qqqq')).lines).toEqual([NOT_FOUND_LINE, NO_MODEL_LINE]);
    // The keys page holds the question's common words (keys, rotated, expire), not Salesforce, which no page mentions.
    const weak = await answerTo('Do rotated keys expire in Salesforce?');
    expect(weak.retrieval.passages[0].pagePath).toBe('keys');
    expect(weak.retrieval.missing).toEqual(['salesforce']);
    expect(weak.lines.slice(0, 2)).toEqual([NOT_DIRECT_LINE, missingLine(['salesforce'])]);
    expect((await answerTo('When do keys expire?')).lines[0]).toMatch(/^\*\*Keys\*\*: /);
  });

  it('splits sentences at line breaks and sentence ends, joining wrapped lines', () => {
    expect(sentences('One two three. Four five six!\nSeven')).toEqual(['One two three.', 'Four five six!', 'Seven']);
    expect(sentences('Defaults to\nthe first value.\nNext line')).toEqual(['Defaults to the first value.', 'Next line']);
  });

  it('keeps a table row whole: its cells apart, not glued to the header row, not split at a cell’s sentence end', () => {
    expect(pageText('| Parameter | Default | Notes |\n|---|---|---|\n| limit | 100 | Items per page. Maximum 1000. |').sections[0].body).toBe(
      'Parameter | Default | Notes\n\nlimit | 100 | Items per page. Maximum 1000.',
    );
    expect(sentences('Parameter | Default | Notes\nlimit | 100 | Items per page. Maximum 1000.\ncursor | none | Where to start.')).toEqual([
      'Parameter | Default | Notes',
      'limit | 100 | Items per page. Maximum 1000.',
      'cursor | none | Where to start.',
    ]);
  });

  it('keeps each code line its own unit, never joined as if it were wrapped prose (a tiny one, `})`, is dropped)', () => {
    expect(sentences('await client.charge({\nidempotency_key: "order-123",\namount: 100,\n})')).toEqual([
      'await client.charge({',
      'idempotency_key: "order-123",',
      'amount: 100,',
    ]);
  });

  it('keeps a definition whole: the name with what it is, its limit included; wrapped prose is still joined', () => {
    expect(sentences('pageSize Number of results to return. Must be between 1 and 50.\ncursor Where to start.')).toEqual([
      'pageSize Number of results to return. Must be between 1 and 50.',
      'cursor Where to start.',
    ]);
    // Even when its next line starts like a definition.
    expect(sentences('Send the header on\nthe Basic scheme. Then retry.')).toEqual(['Send the header on the Basic scheme.', 'Then retry.']);
  });

  it('quotes the code line, the table row and the definition that hold the question’s key words', async () => {
    const intro =
      'Payments are charged when the order ships. Refunds go back to the card. Each charge has a receipt. Receipts are emailed. Disputes take a week.';
    const site = [
      section({ pagePath: 'charges', pageTitle: 'Charges', body: intro }),
      section({
        pagePath: 'charges',
        pageTitle: 'Charges',
        heading: 'Create a charge',
        anchor: 'create-a-charge',
        body: `${intro}\nawait client.charges.create({\namount: 100,\nidempotency_key: "order-123",\n})`,
      }),
      section({ pagePath: 'auth', pageTitle: 'Authentication', body: 'Every request is authenticated. Keys are secret.' }),
      section({
        pagePath: 'auth',
        pageTitle: 'Authentication',
        heading: 'Headers',
        anchor: 'headers',
        body: 'Scheme | Header | Use\nBearer | Authorization: Bearer <key> | Server keys. Most requests.\nBasic | Authorization: Basic <base64> | Legacy dashboard tokens. Deprecated.',
      }),
      section({
        pagePath: 'search',
        pageTitle: 'Search',
        heading: 'Body',
        anchor: 'body',
        body: 'query The text to search for. Searches titles and bodies.\npageSize Number of results to return. Must be between 1 and 50.',
      }),
    ];
    const code = await answerTo('How do I pass an idempotency key when I create a charge?', site);
    expect(code.lines[0]).toContain('idempotency_key: "order-123",');
    const row = await answerTo('Which header do legacy dashboard tokens use?', site);
    expect(row.lines[0]).toContain('Basic | Authorization: Basic <base64> | Legacy dashboard tokens. Deprecated.');
    // The page's opening comes first (what the page is for), then the row, not the prose around it.
    expect(row.lines[0]).toMatch(/^\*\*Authentication\*\*: Every request is authenticated\. Keys are secret\. … Scheme \| Header \| Use /);
    const definition = await answerTo('What is the largest pageSize for search?', site);
    expect(definition.lines[0]).toContain('pageSize Number of results to return. Must be between 1 and 50.');
  });

  /** A passage of a page, as retrieval gives it. */
  const passageOf = (pagePath: string, title: string, body: string, heading: string | null = null) => ({
    pagePath,
    pageKind: 'page' as Passage['pageKind'],
    pageTitle: title,
    pageDescription: '',
    heading,
    anchor: null,
    body,
    url: `/${pagePath}`,
    title: heading ? `${title}: ${heading}` : title,
    score: 1,
    coverage: 1,
  });
  /** A retrieval of these passages (and their pages' sections), the question's words each with its idf. */
  const retrievalOf = (
    question: string,
    idf: Record<string, number>,
    passages: ReturnType<typeof passageOf>[],
    pages: Record<string, ReturnType<typeof section>[]> = {},
    answerable = true,
    missing: string[] = [],
  ) => ({
    passages,
    missing,
    terms: Object.keys(idf).map((term) => ({ term, weight: 1 })),
    analyzer: analyzerFor('en'),
    answerable,
    idf: (term: string) => idf[term] ?? 0,
    sectionsOf: (pagePath: string) => pages[pagePath] ?? [],
    question,
  });

  it('flags the answer when none of the best pages holds enough of the question’s key words, and only then', () => {
    const keys = passageOf('keys', 'Keys', 'Keys belong to a project. Rotate keys yearly.');
    const idf: Record<string, number> = { key: 1, terraform: 5, provid: 5, import: 4 };
    // Only "keys" is on the page: a fifteenth of the question's key words, by idf.
    expect(extractiveAnswer(retrievalOf('Can a Terraform provider import keys?', idf, [keys])).lines[0]).toBe(NOT_DIRECT_LINE);
    expect(extractiveAnswer(retrievalOf('How do I rotate keys?', { rotat: 2, key: 1 }, [keys])).lines[0]).toMatch(/^\*\*Keys\*\*: /);
    // The page's title counts as the page's.
    const provider = passageOf('terraform', 'Terraform provider', 'Keys are imported by id.');
    expect(extractiveAnswer(retrievalOf('Can a Terraform provider import keys?', idf, [provider])).lines[0]).toMatch(/^\*\*Terraform provider\*\*: /);
    // The words are on the page, each in a line of its own (no line holds a quarter of them):
    // the page answers it, whatever retrieval's guess.
    const webhooks = passageOf('webhooks', 'Webhooks', 'Webhooks are signed.');
    const sections = [
      section({ pagePath: 'webhooks', pageTitle: 'Webhooks', body: 'Webhooks are signed.' }),
      section({ pagePath: 'webhooks', pageTitle: 'Webhooks', heading: 'Delivery', body: 'Each delivery is retried five times.\nThe timeout is ten seconds.' }),
      section({ pagePath: 'webhooks', pageTitle: 'Webhooks', heading: 'Secrets', body: 'The signing secret is shown once.' }),
    ];
    const spread = retrievalOf(
      'Webhook retries, timeout and signing secret?',
      { webhook: 1, retri: 3, timeout: 3, sign: 2, secret: 3 },
      [webhooks],
      { webhooks: sections },
      false,
    );
    expect(extractiveAnswer(spread).lines[0]).toMatch(/^\*\*Webhooks\*\*: /);
    // Past the first three sources, a page does not decide it.
    const others = [1, 2, 3].map((n) => passageOf(`other-${n}`, `Other ${n}`, 'Nothing to see.'));
    expect(extractiveAnswer({ ...spread, passages: [...others, webhooks] }).lines[0]).toBe(NOT_DIRECT_LINE);
  });

  // Issue 53: decided by the share of the question's words the best pages hold, the flag fired on
  // 19 of 51 reader-worded questions whose page was among the sources ("kicked out" for a page on
  // session duration). Now a question is flagged when it names something the site never mentions,
  // or when the best pages hold almost none of it.
  it.each([
    {
      name: 'a right page that holds a third of the reader’s words is not flagged',
      question: 'users get kicked out after half a day, can logins last longer?',
      idf: { kick: 4, half: 4, login: 1, longer: 3, session: 0 },
      body: 'Sessions expire after 12 hours. Every login makes a session; configure a longer duration.',
      missing: [],
      flagged: false,
    },
    {
      name: 'a question naming what the site never mentions is flagged, and the name is said',
      question: 'Is there a Terraform provider for keys?',
      idf: { terraform: 5, provid: 1, key: 1 },
      body: 'Keys belong to a project. Every provider has keys.',
      missing: ['terraform'],
      flagged: true,
    },
    {
      name: 'pages that hold almost none of the question are flagged',
      question: 'Can I pay the invoice in euros with a purchase order?',
      idf: { pay: 3, invoic: 3, euro: 5, purchas: 4, order: 4, key: 1 },
      body: 'Keys belong to a project.',
      missing: [],
      flagged: true,
    },
  ] as Array<{ name: string; question: string; idf: Record<string, number>; body: string; missing: string[]; flagged: boolean }>)(
    '$name',
    ({ question, idf, body, missing, flagged }) => {
      const lines = extractiveAnswer(retrievalOf(question, idf, [passageOf('page', 'Page', body)], {}, true, missing)).lines;
      expect(lines[0] === NOT_DIRECT_LINE).toBe(flagged);
      if (missing.length > 0) expect(lines[1]).toBe(missingLine(missing));
    },
  );

  it('quotes every source, a later one from any section of its page, not only the section retrieval chose', () => {
    const idf = { invit: 3, expir: 3 };
    const guide = passageOf('guide', 'Team guide', 'Invite your team from the settings page.');
    const sources = [
      guide,
      passageOf('members', 'Members', 'Members see every project.'),
      passageOf('roles', 'Roles', 'Roles limit what members do.'),
      passageOf('billing', 'Billing', 'Each invited seat is billed.'),
      passageOf('invites', 'Invitations', 'Send an invitation by email.', 'Send an invitation'),
    ];
    const pages = {
      billing: [
        section({ pagePath: 'billing', pageTitle: 'Billing', body: 'Each invited seat is billed.' }),
        section({ pagePath: 'billing', pageTitle: 'Billing', heading: 'Refunds', body: 'Refunds take a week.' }),
        section({ pagePath: 'billing', pageTitle: 'Billing', heading: 'Seats', body: 'Expired invitations are never billed.' }),
      ],
      invites: [
        section({ pagePath: 'invites', pageTitle: 'Invitations', heading: 'Send an invitation', body: 'Send an invitation by email.' }),
        section({ pagePath: 'invites', pageTitle: 'Invitations', heading: 'Limits', body: 'Invitations expire after 48 hours.' }),
      ],
    };
    const { lines, cited } = extractiveAnswer(retrievalOf('When do invitations expire?', idf, sources, pages));
    expect(cited).toEqual([1, 2, 3, 4, 5]);
    expect(lines.filter((line) => /\[\d\]$/.test(line))).toHaveLength(5);
    expect(lines.find((line) => line.endsWith('[5]'))).toContain('Invitations expire after 48 hours.');
    // From the fourth source on, one window: its best line (of another section than retrieval's).
    expect(lines.find((line) => line.endsWith('[4]'))).toBe('**Billing**: Each invited seat is billed. … Expired invitations are never billed. [4]');
    // The second and third sources give two windows: their best line, and the next best of another section.
    const third = extractiveAnswer(retrievalOf('When do invitations expire?', idf, [guide, sources[1], sources[3], sources[4]], pages));
    expect(third.lines.find((line) => line.endsWith('[3]'))).toBe('**Billing**: Each invited seat is billed. … Expired invitations are never billed. [3]');
  });

  it('quotes the first page’s opening with the section retrieval chose: what the page is for', () => {
    const body = 'Queries such as "last week" rank recent memories first.\nRanking weights are fixed.';
    const pages = {
      'search/dates': [
        section({
          pagePath: 'search/dates',
          pageTitle: 'Dates in search',
          body: 'Search by time is a platform feature. It is not available in the open-source SDK.',
        }),
        section({ pagePath: 'search/dates', pageTitle: 'Dates in search', heading: 'Date-aware ranking', body }),
      ],
    };
    const page = passageOf('search/dates', 'Dates in search', body, 'Date-aware ranking');
    const { lines } = extractiveAnswer(retrievalOf('Does date-aware ranking work when I self-host?', { date: 3, rank: 2, self: 2, host: 2 }, [page], pages));
    expect(lines.find((line) => line.endsWith('[1]'))).toContain('It is not available in the open-source SDK.');
  });

  // Issue 53: the line that answers a reader's question often says what its page is for, in none of the reader's words.
  it('quotes a later source’s opening, the line that says what its page is for', () => {
    const ssl = [
      section({
        pagePath: 'ssl',
        pageTitle: 'SSL alerts',
        body: 'Checkly checks your certificate hourly and can alert you up to 30 days before your certificate expires.',
      }),
      section({ pagePath: 'ssl', pageTitle: 'SSL alerts', heading: 'API checks', body: 'The domain is parsed from the URL of an HTTPS request.' }),
    ];
    const sources = [
      passageOf('certificates', 'Client certificates', 'Add a client cert for HTTPS requests.'),
      passageOf('ssl', 'SSL alerts', ssl[1].body, 'API checks'),
    ];
    const { lines } = extractiveAnswer(retrievalOf('a heads-up before our HTTPS cert runs out?', { head: 3, https: 2, cert: 4, run: 1 }, sources, { ssl }));
    expect(lines.find((line) => line.endsWith('[2]'))).toContain('can alert you up to 30 days before your certificate expires.');
  });

  it('takes the line a colon introduces along with the window that ends with it', () => {
    const body = [
      'Jobs pile up on one worker when the SDK is older than 1.10.',
      'To fix it, run:',
      'pip install --upgrade runpod',
      'Restart the endpoint afterwards.',
    ].join('\n');
    const overview = passageOf('overview', 'Overview', 'Each worker takes jobs from a queue.');
    const page = passageOf('troubleshooting', 'Troubleshooting', body, 'Slow queues');
    const pages = { troubleshooting: [section({ pagePath: 'troubleshooting', pageTitle: 'Troubleshooting', heading: 'Slow queues', body })] };
    const { lines } = extractiveAnswer(retrievalOf('Why do jobs pile up on one worker?', { job: 2, pile: 5, worker: 2 }, [overview, page], pages));
    const line = lines.find((text) => text.endsWith('[2]'));
    expect(line).toContain('Jobs pile up on one worker when the SDK is older than 1.10. To fix it, run: pip install --upgrade runpod [2]');
  });

  it('quotes the unit before the best one: the rule that the matching line details', () => {
    const body = [
      'Automations run on a schedule or on events.',
      'This endpoint only supports automations with a custom schedule trigger.',
      'Requests for automations on code changes return a 400 error.',
      'Runs are queued.',
    ].join('\n');
    const others = [1, 2, 3].map((n) => passageOf(`other-${n}`, `Other ${n}`, 'Each automation has a trigger.'));
    const page = passageOf('trigger', 'Trigger automation', body, 'Errors');
    const pages = { trigger: [section({ pagePath: 'trigger', pageTitle: 'Trigger automation', heading: 'Errors', body })] };
    const { lines } = extractiveAnswer(
      retrievalOf('Why does my code change automation return a 400?', { code: 3, chang: 3, autom: 1, return: 2, '400': 4 }, [...others, page], pages),
    );
    // The fourth source's one window: the best line with the one before it (and the one after).
    expect(lines.find((text) => text.endsWith('[4]'))).toContain(
      'This endpoint only supports automations with a custom schedule trigger. Requests for automations on code changes return a 400 error.',
    );
  });

  it("quotes the first two lines of the section retrieval chose, and no other section's", () => {
    const limits = ['These apply per plan.', 'Plans renew yearly.', 'Open the dashboard.', 'Pick a team.', 'A workspace holds at most 50 projects.'].join('\n');
    const pages = {
      workspaces: [
        section({ pagePath: 'workspaces', pageTitle: 'Workspaces', body: 'Workspaces group projects.' }),
        section({ pagePath: 'workspaces', pageTitle: 'Workspaces', heading: 'Billing', body: 'Invoices are monthly.\nPay by card.' }),
        section({ pagePath: 'workspaces', pageTitle: 'Workspaces', heading: 'Limits', body: limits }),
      ],
    };
    const page = passageOf('workspaces', 'Workspaces', limits, 'Limits');
    const { lines } = extractiveAnswer(retrievalOf('How many projects can a workspace hold at most?', { project: 2, workspac: 2, hold: 3 }, [page], pages));
    const line = lines.find((text) => text.endsWith('[1]'))!;
    expect(line).toContain('These apply per plan. Plans renew yearly.');
    expect(line).toContain('A workspace holds at most 50 projects.');
    expect(line).not.toContain('Invoices are monthly.');
  });

  it('quotes a line the page repeats once', () => {
    const filler = ['Open the dashboard.', 'Pick a project.', 'Open its settings.', 'Scroll down.', 'Find the panel.', 'Read the table.'];
    const body = ['Keys expire after 90 days.', ...filler, 'Keys expire after 90 days.', 'Revoked keys stop at once.'].join('\n');
    const page = passageOf('keys', 'Keys', body, 'Expiry');
    const pages = { keys: [section({ pagePath: 'keys', pageTitle: 'Keys', heading: 'Expiry', body })] };
    const { lines } = extractiveAnswer(retrievalOf('When do keys expire?', { key: 2, expir: 4 }, [page], pages));
    const line = lines.find((text) => text.endsWith('[1]'))!;
    expect(line).toContain('Revoked keys stop at once.');
    expect(line.split('Keys expire after 90 days.')).toHaveLength(2);
  });

  it("always quotes an endpoint page's method and path, its first line", () => {
    const body = ['POST /v1/keys', 'Creates a key for a project.', 'The name is optional.', 'A new key expires after 90 days.'].join('\n');
    const endpoint = { ...passageOf('api/create-key', 'Create a key', body, 'Expiry'), pageKind: 'endpoint' as Passage['pageKind'] };
    const pages = { 'api/create-key': [section({ pagePath: 'api/create-key', pageKind: 'endpoint', pageTitle: 'Create a key', heading: 'Expiry', body })] };
    const others = [1, 2, 3].map((n) => passageOf(`other-${n}`, `Other ${n}`, 'Each project has settings.'));
    const { lines } = extractiveAnswer(retrievalOf('When does a new key expire?', { key: 2, expir: 4 }, [...others, endpoint], pages));
    expect(lines.find((text) => text.endsWith('[4]'))).toBe(
      '**Create a key: Expiry**: POST /v1/keys Creates a key for a project. The name is optional. A new key expires after 90 days. [4]',
    );
    // The first source's first line is quoted for an endpoint too (a page's is its opening, as every later source's is).
    const first = extractiveAnswer(retrievalOf('When does a new key expire?', { key: 2, expir: 4 }, [endpoint, ...others], pages));
    expect(first.lines[0]).toMatch(/^\*\*Create a key\*\*: POST \/v1\/keys /);
  });

  it('quotes the page description (else its title) of a passage with no line to quote', () => {
    const empty = { ...passageOf('changelog', 'Changelog', ''), pageDescription: 'Every release, newest first.' };
    expect(extractiveAnswer(retrievalOf('What changed?', { chang: 2 }, [empty])).lines).toContain('**Changelog**: Every release, newest first. [1]');
    const bare = passageOf('changelog', 'Changelog', '');
    expect(extractiveAnswer(retrievalOf('What changed?', { chang: 2 }, [bare])).lines).toContain('**Changelog**: Changelog [1]');
  });

  it('keeps a definition whole when a colon follows its qualifier', () => {
    expect(sentences('agent-1x (default): 0.5 vCPU and 1 GB of memory. Best for voice agents.\nagent-2x (large): 1 vCPU. Best for video.')).toEqual([
      'agent-1x (default): 0.5 vCPU and 1 GB of memory. Best for voice agents.',
      'agent-2x (large): 1 vCPU. Best for video.',
    ]);
    // Prose with a parenthesis is still split at its sentence ends.
    expect(sentences('Profiles (see below) set the size. Pick one.')).toEqual(['Profiles (see below) set the size.', 'Pick one.']);
  });

  it('maps page paths to site URLs', () => {
    expect(pageUrl('index')).toBe('/');
    expect(pageUrl('api/index')).toBe('/api');
    expect(pageUrl('quickstart')).toBe('/quickstart');
  });
});
