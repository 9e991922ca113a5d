/**
 * What the server shows of itself (src/messages/redact.ts) at the unit level: a database URL's password, a
 * repository URL's credentials (raw, decoded, with their user), and its own folders, in text and in
 * every string of an outcome. git.test.ts and git-faults.test.ts follow a token through real
 * deployments (fetch errors, logs, summaries).
 */
import { describe, expect, it } from 'vitest';
import { Redactor, displayRepo, redactUrl } from '../src/messages/redact.js';

describe('redactUrl', () => {
  it.each([
    { name: 'a password', url: 'postgres://docsnav:s3cret@db.internal:5432/docs', shown: 'postgres://docsnav:***@db.internal:5432/docs' },
    { name: 'a user without a password', url: 'postgres://docsnav@db.internal/docs', shown: 'postgres://docsnav@db.internal/docs' },
    { name: 'no user', url: 'postgres://db.internal/docs', shown: 'postgres://db.internal/docs' },
    { name: 'not a URL', url: 'postgres://docsnav:s3cret@[db.internal/docs', shown: 'the database URL' },
  ])('$name', ({ url, shown }) => {
    expect(redactUrl(url)).toBe(shown);
  });
});

describe('displayRepo', () => {
  it.each([
    { name: 'a user and token', repo: 'https://bot:ghp_token123@github.com/acme/docs.git', shown: 'https://github.com/acme/docs.git' },
    { name: 'a token as the user', repo: 'https://ghp_token123@github.com/acme/docs.git', shown: 'https://github.com/acme/docs.git' },
    { name: 'an empty userinfo', repo: 'https://@github.com/acme/docs.git', shown: 'https://github.com/acme/docs.git' },
    { name: 'a scheme with +, . and -', repo: 'git+https.v-1://bot:pw@host/x.git', shown: 'git+https.v-1://host/x.git' },
    { name: 'ssh keeps its user, not its password', repo: 'ssh://git:hunter22@host:22/acme/docs.git', shown: 'ssh://git@host:22/acme/docs.git' },
    { name: 'ssh in capitals', repo: 'SSH://git:hunter22@host/acme/docs.git', shown: 'SSH://git@host/acme/docs.git' },
    { name: 'ssh with a user only', repo: 'ssh://git@host/acme/docs.git', shown: 'ssh://git@host/acme/docs.git' },
    // A scheme ending in ssh is another scheme (projects refuse git+ssh): its user may be a token.
    { name: 'a scheme ending in ssh', repo: 'git+ssh://git:hunter22@host/acme/docs.git', shown: 'git+ssh://host/acme/docs.git' },
    { name: 'scp-like ssh (no scheme, no secret)', repo: 'git@github.com:acme/docs.git', shown: 'git@github.com:acme/docs.git' },
    { name: 'no userinfo', repo: 'https://github.com/acme/docs.git', shown: 'https://github.com/acme/docs.git' },
    { name: 'an @ in the path is not userinfo', repo: 'https://host/acme/docs@v2.git', shown: 'https://host/acme/docs@v2.git' },
    { name: 'a scheme not at the start', repo: 'x https://bot:pw@host/x.git', shown: 'x https://bot:pw@host/x.git' },
    { name: 'a local path', repo: '/srv/repos/docs.git', shown: '/srv/repos/docs.git' },
  ])('$name', ({ repo, shown }) => {
    expect(displayRepo(repo)).toBe(shown);
  });
});

describe('Redactor.forRepo', () => {
  it.each([
    {
      name: 'the password and the userinfo, longest first (no user name left beside ***)',
      repo: 'https://bot:tok3n@host/x.git',
      text: 'fatal: https://bot:tok3n@host/x.git: bad token tok3n for bot',
      shown: 'fatal: https://***@host/x.git: bad token *** for bot',
    },
    {
      name: 'a percent-encoded token, raw and decoded',
      repo: 'https://bot:a%2Fb%40c@host/x.git',
      text: 'https://bot:a%2Fb%40c@host/x.git said a/b@c is not a%2Fb%40c',
      shown: 'https://***@host/x.git said *** is not ***',
    },
    {
      name: 'a token as the user',
      repo: 'https://ghp_abc123@host/x.git',
      text: 'https://ghp_abc123@host/x.git: ghp_abc123 denied',
      shown: 'https://***@host/x.git: *** denied',
    },
    {
      name: 'an ssh user is not a secret; its password is',
      repo: 'ssh://gituser:hunter22@host/x.git',
      text: 'gituser@host: hunter22 refused (ssh://gituser:hunter22@host/x.git)',
      shown: 'gituser@host: *** refused (ssh://***@host/x.git)',
    },
    {
      name: 'an ssh user alone: nothing secret',
      repo: 'ssh://gituser@host/x.git',
      text: 'ssh://gituser@host/x.git: gituser refused',
      shown: 'ssh://gituser@host/x.git: gituser refused',
    },
    {
      name: 'an empty user: the password',
      repo: 'https://:tok3n@host/x.git',
      text: 'https://:tok3n@host/x.git: tok3n expired',
      shown: 'https://***@host/x.git: *** expired',
    },
    {
      name: 'the user of a scheme ending in ssh is a secret (only ssh keeps its user)',
      repo: 'git+ssh://tok3n@host/x.git',
      text: 'git+ssh://tok3n@host/x.git: tok3n denied',
      shown: 'git+ssh://***@host/x.git: *** denied',
    },
    {
      name: 'a secret of 3 characters',
      repo: 'https://u:abc@host/x.git',
      text: 'https://u:abc@host/x.git: abc',
      shown: 'https://***@host/x.git: ***',
    },
    {
      name: 'a secret shorter than 3 characters stays (it would blank every "ab"), the userinfo it is in does not',
      repo: 'https://u:ab@host/x.git',
      text: 'https://u:ab@host/x.git: about ab',
      shown: 'https://***@host/x.git: about ab',
    },
    {
      name: 'a token that is not valid percent-encoding is redacted as written',
      repo: 'https://bot:x%E0%A4%A@host/x.git',
      text: 'bot:x%E0%A4%A and x%E0%A4%A',
      shown: '*** and ***',
    },
    { name: 'no userinfo: nothing', repo: 'https://host/x.git', text: 'https://host/x.git host x', shown: 'https://host/x.git host x' },
  ])('$name', ({ repo, text, shown }) => {
    expect(Redactor.forRepo(repo).text(text)).toBe(shown);
  });
});

describe('Redactor', () => {
  it("names its folders by their labels, the longest folder first; a label '' makes paths relative to its folder", () => {
    const redact = new Redactor(
      ['s3cret'],
      [
        { folder: '/data', label: '<data folder>' },
        { folder: '/data/worktrees/acme', label: '' },
      ],
    );
    expect(redact.text('/data/worktrees/acme/docs/index.mdx: s3cret')).toBe('docs/index.mdx: ***');
    expect(redact.text('cd /data/worktrees/acme')).toBe('cd .');
    expect(redact.text('/data/git/acme.git and /data/worktrees/other')).toBe('<data folder>/git/acme.git and <data folder>/worktrees/other');
  });

  it('ignores an empty secret (it would match between every two characters)', () => {
    expect(new Redactor(['', 'abc']).text('xabcx yz')).toBe('x***x yz');
  });

  it('redacts every string of a value, in a copy: arrays and objects within, keys and other values as they were', () => {
    const redact = new Redactor(['s3cret'], [{ folder: '/data', label: '<data>' }]);
    const value = {
      summary: 'pushed with s3cret',
      s3cret: ['/data/x', 3, null, true, { deep: 's3cret s3cret' }],
      none: null,
      missing: undefined,
      count: 2,
    };
    const copy = redact.deep(value);
    expect(copy).toEqual({
      summary: 'pushed with ***',
      s3cret: ['<data>/x', 3, null, true, { deep: '*** ***' }],
      none: null,
      missing: undefined,
      count: 2,
    });
    expect(value.summary).toBe('pushed with s3cret');
    expect(redact.deep('s3cret')).toBe('***');
    expect(redact.deep(7)).toBe(7);
  });
});
