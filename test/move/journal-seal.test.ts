/**
 * The move journal's guards in process (src/move/journal-seal.ts), so that a mutant of them is seen
 * (test/cli/mv-journal-trust.test.ts drives the same refusals through the built CLI, where no
 * mutant reaches): the seal holds only for this key, docs root and folder and these bytes; a plan
 * fits only when every condition holds, each case below one where a single one is false; the
 * journal folder and its plan are read only when they are real, this user's and not a link.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  journalKey,
  notOurs,
  ownJournalFolder,
  planMisfit,
  readPlanBytes,
  sealedPlan,
  unsealedPlan,
  type JournalContext,
} from '../../src/move/journal-seal.js';
import { MoveError } from '../../src/move/messages.js';
import { hangGuard } from '../time-scale.mjs';

const ROOT = '/site/docs';
const FOLDER = '/site/.git/docsnav-mv';
const KEY = Buffer.alloc(32, 7);
const context: JournalContext = { root: ROOT, repository: { top: '/site', prefix: 'docs/' }, key: { key: KEY } };
const H = 'a'.repeat(64);
const OBJECT = 'b'.repeat(40);

/** A plan that fits `context`: a request moving guide/ to book/manual/ (book/ made for it), a file rewritten, one moved, their index entries. */
/** A plan as the table changes it: any field may be given a value of the wrong type. */
interface TestPlan {
  [field: string]: unknown;
  requests: Array<Record<string, unknown>>;
  folders: unknown[];
  changes: Array<Record<string, unknown>>;
  index: Array<Record<string, unknown>>;
}

/** Sets a field to a value of any type (what a crafted plan holds). */
const set = (target: object, field: string, value: unknown) => Reflect.set(target, field, value);

function plan(): TestPlan {
  return {
    version: 2,
    id: '0123456789abcdef',
    pid: 4242,
    started: '2026-11-27T12:00:00.000Z',
    root: ROOT,
    top: '/site',
    requests: [{ from: 'guide', to: 'book/manual' }],
    folders: ['book'],
    changes: [
      { file: 'index.mdx', movedTo: 'index.mdx', before: H, after: H, offset: 0, length: 10, kept: 'copy' },
      { file: 'guide/a.mdx', movedTo: 'book/manual/a.mdx', before: H, after: H, offset: 10, length: 0, kept: 'link' },
    ],
    index: [{ mode: '100644', object: OBJECT, from: 'docs/guide/a.mdx', to: 'docs/book/manual/a.mdx' }],
  };
}

/** The plan with `change` applied to a copy. */
function with_(change: (plan: TestPlan) => void): TestPlan {
  const copy = structuredClone(plan());
  change(copy);
  return copy;
}

/** The refusal's reason and why, from a call that must refuse. */
function refusal(run: () => unknown): { reason: string; why: string } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof MoveError)) throw error;
    return { reason: error.reason, why: error.data.why ?? '' };
  }
  throw new Error('it did not refuse');
}

describe("a journal's seal: this user's key, this docs root, this folder, these bytes", () => {
  const sealed = () => sealedPlan(context, FOLDER, plan());

  it('a sealed plan reads back as written', () => {
    expect(sealed().subarray(0, 23).toString()).toBe('docsnav-mv hmac-sha256:');
    expect(unsealedPlan(sealed(), FOLDER, context)).toEqual(plan());
  });

  it.each([
    ['another key', () => unsealedPlan(sealed(), FOLDER, { ...context, key: { key: Buffer.alloc(32, 8) } })],
    ['another docs root', () => unsealedPlan(sealed(), FOLDER, { ...context, root: '/site/other' })],
    ['another folder', () => unsealedPlan(sealed(), '/elsewhere/.git/docsnav-mv', context)],
    ['a byte of the plan changed', () => unsealedPlan(Buffer.from(sealed().toString().replace('4242', '4243')), FOLDER, context)],
    [
      'a seal cut short',
      () =>
        unsealedPlan(
          Buffer.from(
            sealed()
              .toString()
              .replace(/:([0-9a-f]{2})/, ':'),
          ),
          FOLDER,
          context,
        ),
    ],
  ])('%s: the seal does not hold', (_name, run) => {
    expect(refusal(run)).toEqual({ reason: 'notOurs', why: 'its seal does not hold for this user and this docs root' });
  });

  it('no seal, an unsealed plan, or no key to check with: each refused, saying which', () => {
    expect(refusal(() => unsealedPlan(Buffer.from(JSON.stringify(plan())), FOLDER, context)).why).toBe('it has no seal docsnav wrote');
    const unsealed = sealedPlan({ ...context, key: { refused: 'no home' } }, FOLDER, plan());
    expect(unsealed.toString().startsWith('docsnav-mv unsealed\n{')).toBe(true);
    expect(refusal(() => unsealedPlan(unsealed, FOLDER, context)).why).toBe('it was written with no user key, so it cannot be checked');
    expect(refusal(() => unsealedPlan(sealed(), FOLDER, { ...context, key: { refused: 'no home' } })).why).toBe(
      'there is no user key to check its seal with: no home',
    );
  });
});

describe("the key a journal is sealed with: this user's cache key, never one inside the docs root", () => {
  const top = mkdtempSync(path.join(tmpdir(), 'docsnav-journal-key-'));
  const root = path.join(top, 'site');
  mkdirSync(root);
  /** journalKey(root) with XDG_CACHE_HOME set to `home` (the cache key is read once per folder and process: each case a folder of its own). */
  function keyWith(home: string): ReturnType<typeof journalKey> {
    const saved = process.env.XDG_CACHE_HOME;
    process.env.XDG_CACHE_HOME = home;
    try {
      return journalKey(root);
    } finally {
      if (saved === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = saved;
    }
  }

  it('a key folder outside the root: the key, also beside a root whose name it starts with', () => {
    const beside = keyWith(path.join(top, 'site-cache'));
    expect('key' in beside && beside.key.length).toBe(32);
    const elsewhere = keyWith(path.join(top, 'elsewhere'));
    expect('key' in elsewhere && elsewhere.key.length).toBe(32);
  });

  it('a key folder inside the root, or the root itself: refused, naming both', () => {
    expect(keyWith(path.join(root, '.cache'))).toEqual({
      refused: `the user's key folder ${path.join(root, '.cache', 'docsnav')} is inside the docs root ${root}`,
    });
    expect(keyWith(root)).toEqual({ refused: `the user's key folder ${path.join(root, 'docsnav')} is inside the docs root ${root}` });
  });

  it('a key folder reached through a link that leads inside the root: refused, by where it leads', () => {
    mkdirSync(path.join(root, 'linked'));
    symlinkSync(path.join(root, 'linked'), path.join(top, 'link'));
    expect(keyWith(path.join(top, 'link'))).toEqual({
      refused: `the user's key folder ${path.join(top, 'link', 'docsnav')} is inside the docs root ${root}`,
    });
  });

  it('no key at all (its folder cannot be made): the refusal of the cache key, as it is', () => {
    writeFileSync(path.join(top, 'a-file'), '');
    const refused = keyWith(path.join(top, 'a-file'));
    expect('refused' in refused && refused.refused).toMatch(/^no cache key could be made in /);
  });
});

describe('a sealed plan fits this run only when every condition holds', () => {
  it('the plan as written fits; with no index, it fits only with no top', () => {
    expect(planMisfit(plan(), context)).toBeUndefined();
    const noIndex = with_((p) => {
      p.index = [];
      delete p.top;
    });
    expect(planMisfit(noIndex, { ...context, repository: undefined })).toBeUndefined();
    expect(
      planMisfit(
        with_((p) => (p.index = [])),
        context,
      ),
    ).toBe('it names a repository for an index it does not change');
  });

  it.each<[string, (p: TestPlan) => void, string | RegExp]>([
    ['not an object', (p) => Object.assign(p, { version: 1 }), 'it is no plan of this version of docsnav'],
    ['an id that is not 16 hex digits', (p) => (p.id = '0123456789abcdeg'), 'its plan is malformed'],
    ['an id of 17', (p) => (p.id = '0123456789abcdef0'), 'its plan is malformed'],
    ['a pid that is not a count', (p) => (p.pid = -1), 'its plan is malformed'],
    ['a pid with a fraction', (p) => (p.pid = 1.5), 'its plan is malformed'],
    ['a pid as text', (p) => (p.pid = '42'), 'its plan is malformed'],
    ['no start time', (p) => delete p.started, 'its plan is malformed'],
    ['another root', (p) => (p.root = '/site/other'), 'it is for the docs root "/site/other", not /site/docs'],
    ['requests not an array', (p) => set(p, 'requests', {}), 'its plan is malformed'],
    ['folders not an array', (p) => set(p, 'folders', 'book'), 'its plan is malformed'],
    ['changes not an array', (p) => set(p, 'changes', null), 'its plan is malformed'],
    ['index not an array', (p) => set(p, 'index', {}), 'its plan is malformed'],
    ['a request out of the root', (p) => (p.requests[0].to = '../book/manual'), /^it names a move outside the docs root/],
    ['a request from an absolute path', (p) => (p.requests[0].from = '/etc'), /^it names a move outside the docs root/],
    ['a request into .git', (p) => (p.requests[0].to = '.GIT/hooks'), /^it names a move outside the docs root/],
    ['a request with a backslash', (p) => (p.requests[0].to = 'a\\b'), /^it names a move outside the docs root/],
    ['a request with an empty part', (p) => (p.requests[0].to = 'a//b'), /^it names a move outside the docs root/],
    ['a request from no path', (p) => (p.requests[0].from = ''), /^it names a move outside the docs root/],
    ['a request from a number', (p) => (p.requests[0].from = 5), /^it names a move outside the docs root/],
    ['a request to a path of 4,097 characters', (p) => (p.requests[0].to = 'a'.repeat(4097)), /^it names a move outside the docs root/],
    ['a request with a NUL', (p) => (p.requests[0].to = 'book/ma\0nual'), /^it names a move outside the docs root/],
    ['a request with a drive', (p) => (p.requests[0].to = 'C:/x'), /^it names a move outside the docs root/],
    ['a request of no text', (p) => (p.requests[0].to = ''), /^it names a move outside the docs root/],
    ['a request into the journal', (p) => (p.requests[0].to = 'x/.docsnav-mv'), /^it names a move outside the docs root/],
    ['a request not an object', (p) => set(p, 'requests', ['guide']), /^it names a move outside the docs root/],
    ['a folder no move needs', (p) => p.folders.push('elsewhere'), 'it names a folder to make that no move needs ("elsewhere")'],
    ['a folder out of the root', (p) => (p.folders = ['..']), 'it names a folder to make that no move needs ("..")'],
    ['a change out of the root', (p) => (p.changes[0].file = '../x.mdx'), /^it names a file to rewrite outside the docs root/],
    ['a change moved out of the root', (p) => (p.changes[1].movedTo = '/tmp/a.mdx'), /^it names a file to rewrite outside the docs root/],
    ['a change moved where no request takes it', (p) => (p.changes[1].movedTo = 'other/a.mdx'), 'it moves guide/a.mdx where no request takes it'],
    ['a change with a bad hash', (p) => (p.changes[0].before = 'A'.repeat(64)), 'its plan is malformed'],
    ['a change with no after', (p) => delete p.changes[0].after, 'its plan is malformed'],
    // An array of one hash reads as the hash where it is made text: only a string is one.
    ['a change whose before is a list of a hash', (p) => (p.changes[0].before = [H]), 'its plan is malformed'],
    ['a change whose after is a list of a hash', (p) => (p.changes[0].after = [H]), 'its plan is malformed'],
    ['a change at the wrong offset', (p) => (p.changes[1].offset = 9), 'its plan is malformed'],
    ['a change of negative length', (p) => (p.changes[0].length = -1), 'its plan is malformed'],
    ['a change of fractional length', (p) => (p.changes[0].length = 0.5), 'its plan is malformed'],
    ['a change of a length in text', (p) => (p.changes[0].length = '10'), 'its plan is malformed'],
    ['a change kept some other way', (p) => (p.changes[0].kept = 'move'), 'its plan is malformed'],
    ['a change not an object', (p) => set(p, 'changes', ['index.mdx']), /^it names a file to rewrite outside the docs root/],
    ['an index entry with a bad mode', (p) => (p.index[0].mode = '040000'), 'its index entries are malformed'],
    ['an index entry with a bad object', (p) => (p.index[0].object = 'x'), 'its index entries are malformed'],
    ['an index entry with no object', (p) => delete p.index[0].object, 'its index entries are malformed'],
    ['an index entry not an object', (p) => set(p, 'index', ['docs/a']), 'its index entries are malformed'],
    ['an index entry outside the prefix', (p) => (p.index[0].from = 'other/guide/a.mdx'), /^it names an index entry outside the docs root/],
    ['an index entry to outside the prefix', (p) => (p.index[0].to = 'book/manual/a.mdx'), /^it names an index entry outside the docs root/],
    ['an index entry climbing out', (p) => (p.index[0].to = 'docs/../x.mdx'), /^it names an index entry outside the docs root/],
    // Below the prefix, a drive: the whole path looks relative ("docs/C:/x.mdx"), the part in the docs root does not.
    ['an index entry to a drive below the prefix', (p) => (p.index[0].to = 'docs/C:/x.mdx'), /^it names an index entry outside the docs root/],
    ['an index entry from a path no text', (p) => (p.index[0].from = 7), /^it names an index entry outside the docs root/],
    [
      'an index entry moved where no request takes it',
      (p) => (p.index[0].to = 'docs/other/a.mdx'),
      'it moves the index entry docs/guide/a.mdx where no request takes it',
    ],
    ['another repository', (p) => (p.top = '/elsewhere'), 'it names the repository "/elsewhere", not /site'],
  ])('%s', (_name, change, why) => {
    const misfit = planMisfit(with_(change), context);
    if (typeof why === 'string') expect(misfit).toBe(why);
    else expect(misfit).toMatch(why);
  });

  it('a plan, request, change or index entry that is null or an array (its fields copied onto it) is no record', () => {
    const asArray = (value: object) => Object.assign([], value);
    expect(planMisfit(null, context)).toBe('it is no plan of this version of docsnav');
    expect(planMisfit(asArray(plan()), context)).toBe('it is no plan of this version of docsnav');
    expect(
      planMisfit(
        with_((p) => set(p, 'requests', [null])),
        context,
      ),
    ).toBe('it names a move outside the docs root (null)');
    expect(
      planMisfit(
        with_((p) => set(p, 'requests', [asArray(p.requests[0])])),
        context,
      ),
    ).toMatch(/^it names a move outside the docs root/);
    expect(
      planMisfit(
        with_((p) => set(p, 'changes', [null])),
        context,
      ),
    ).toBe('it names a file to rewrite outside the docs root (null)');
    expect(
      planMisfit(
        with_((p) => set(p, 'changes', [asArray(p.changes[0]), p.changes[1]])),
        context,
      ),
    ).toMatch(/^it names a file to rewrite outside the docs root/);
    expect(
      planMisfit(
        with_((p) => set(p, 'index', [null])),
        context,
      ),
    ).toBe('its index entries are malformed');
    expect(
      planMisfit(
        with_((p) => set(p, 'index', [asArray(p.index[0])])),
        context,
      ),
    ).toBe('its index entries are malformed');
  });

  it('paths up to 4096 characters, and names that only begin or end like .git, fit; longer ones, or a NUL, do not', () => {
    const extra = (from: string, to: string) => with_((p) => p.requests.push({ from, to }));
    expect(planMisfit(extra('x'.repeat(4096), 'y'), context)).toBeUndefined();
    expect(planMisfit(extra('.github/guide', 'notes.git/guide'), context)).toBeUndefined();
    expect(planMisfit(extra('.gitignore-docs', 'a.docsnav-mv'), context)).toBeUndefined();
    expect(planMisfit(extra('x'.repeat(4097), 'y'), context)).toMatch(/^it names a move outside the docs root/);
    expect(planMisfit(extra('a\0b', 'y'), context)).toMatch(/^it names a move outside the docs root/);
  });

  it('a plan with index entries, for a docs root in no repository', () => {
    expect(planMisfit(plan(), { ...context, repository: undefined })).toBe('it names the repository "/site", and /site/docs is in none');
  });

  it('a request that moves one file (not a folder) takes that file, and only it', () => {
    const single = with_((p) => {
      p.requests = [{ from: 'a.mdx', to: 'b/a.mdx' }];
      p.folders = ['b'];
      p.changes = [{ file: 'a.mdx', movedTo: 'b/a.mdx', before: H, after: H, offset: 0, length: 1, kept: 'copy' }];
      p.index = [{ mode: '100755', object: 'c'.repeat(64), from: 'docs/a.mdx', to: 'docs/b/a.mdx' }];
    });
    expect(planMisfit(single, context)).toBeUndefined();
    const prefixOnly = with_((p) => {
      p.requests = [{ from: 'a', to: 'b/a' }];
      p.folders = ['b'];
      p.changes = [{ file: 'ab.mdx', movedTo: 'b/ab.mdx', before: H, after: H, offset: 0, length: 1, kept: 'copy' }];
      p.index = [];
      delete p.top;
    });
    expect(planMisfit(prefixOnly, context)).toBe('it moves ab.mdx where no request takes it');
  });
});

describe("the journal's folder and plan: read only when real, this user's and no link", () => {
  const base = mkdtempSync(path.join(tmpdir(), 'docsnav-journal-seal-'));

  it('a missing folder or plan is none; a real one is read whole', () => {
    expect(ownJournalFolder(path.join(base, 'none'), base)).toBeUndefined();
    const folder = path.join(base, 'own');
    mkdirSync(folder, { mode: 0o700 });
    expect(ownJournalFolder(folder, base)?.isDirectory()).toBe(true);
    expect(readPlanBytes(folder, base, 'plan.json')).toBeUndefined();
    const bytes = sealedPlan(context, folder, plan());
    writeFileSync(path.join(folder, 'plan.json'), bytes, { mode: 0o600 });
    expect(readPlanBytes(folder, base, 'plan.json')).toEqual(bytes);
  });

  it('a folder that is a link, a file, or that others may write, and a plan that is a link or a folder: refused, saying which', () => {
    const real = path.join(base, 'real');
    mkdirSync(real, { mode: 0o700 });
    symlinkSync(real, path.join(base, 'link'));
    expect(refusal(() => ownJournalFolder(path.join(base, 'link'), base)).why).toBe('it is a symbolic link');
    writeFileSync(path.join(base, 'file'), '');
    expect(refusal(() => ownJournalFolder(path.join(base, 'file'), base)).why).toBe('it is not a folder');
    const open = path.join(base, 'open');
    mkdirSync(open, { mode: 0o777 });
    chmodSync(open, 0o777);
    expect(refusal(() => ownJournalFolder(open, base)).why).toMatch(/^it /);
    writeFileSync(path.join(real, 'target.json'), '{}', { mode: 0o600 });
    symlinkSync(path.join(real, 'target.json'), path.join(real, 'plan.json'));
    expect(refusal(() => readPlanBytes(real, base, 'plan.json')).why).toBe('its plan.json is a symbolic link');
    mkdirSync(path.join(real, 'folder.json'));
    expect(refusal(() => readPlanBytes(real, base, 'folder.json')).why).toBe('its folder.json is not a file');
    writeFileSync(path.join(real, 'shared.json'), '{}', { mode: 0o666 });
    chmodSync(path.join(real, 'shared.json'), 0o666);
    expect(refusal(() => readPlanBytes(real, base, 'shared.json')).why).toMatch(/^its shared\.json /);
  });

  it('a plan bigger than any docsnav writes (64 MiB) is refused unread; one of that size is read', () => {
    const folder = path.join(base, 'big');
    mkdirSync(folder, { mode: 0o700 });
    // Sparse files: nothing is written to the disk.
    writeFileSync(path.join(folder, 'over.json'), '', { mode: 0o600 });
    truncateSync(path.join(folder, 'over.json'), 64 * 1024 * 1024 + 1);
    expect(refusal(() => readPlanBytes(folder, base, 'over.json')).why).toBe('its over.json is bigger than any plan docsnav writes');
    writeFileSync(path.join(folder, 'full.json'), '', { mode: 0o600 });
    truncateSync(path.join(folder, 'full.json'), 64 * 1024 * 1024);
    expect(readPlanBytes(folder, base, 'full.json')?.length).toBe(64 * 1024 * 1024);
  });

  it('the refusal says how to remove the journal, quoted for a shell when its path needs it', () => {
    const removal = (folder: string) => {
      try {
        notOurs(folder, '/site', 'a reason');
      } catch (error) {
        if (error instanceof MoveError) return error.data.remove;
      }
      throw new Error('not refused');
    };
    expect(removal('/site/.git/docsnav-mv')).toBe('/site/.git/docsnav-mv');
    expect(removal('/a@b/%+=:,x_1-y/.docsnav-mv')).toBe('/a@b/%+=:,x_1-y/.docsnav-mv');
    expect(removal('/my site/.docsnav-mv')).toBe("'/my site/.docsnav-mv'");
    expect(removal("/it's/.docsnav-mv")).toBe("'/it'\\''s/.docsnav-mv'");
    expect(removal('/$(touch x)/.docsnav-mv')).toBe("'/$(touch x)/.docsnav-mv'");
  });

  it('a plan that is a named pipe (a FIFO) is refused at once, never waited on for a writer', () => {
    const folder = path.join(base, 'fifo');
    mkdirSync(folder, { mode: 0o700 });
    const made = spawnSync('mkfifo', ['-m', '600', path.join(folder, 'plan.json')]);
    expect(made.status, String(made.stderr)).toBe(0);
    // Read in a child process of the build (test/fresh-build.ts keeps it fresh) with a time limit: a
    // blocking open waits for a writer that never comes, and the limit ends it (in process, the wait
    // would hold this test's worker past any time limit of its own). Seen failing with O_NONBLOCK
    // taken out of readPlanBytes.
    const child = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { readPlanBytes } = await import(${JSON.stringify(path.resolve('dist/move/journal-seal.js'))});
         try { readPlanBytes(process.argv[1], process.argv[2], 'plan.json'); console.log('read'); } catch (error) { console.log(error.data?.why ?? error.message); }`,
        folder,
        base,
      ],
      { encoding: 'utf8', timeout: hangGuard(20_000) },
    );
    expect(child.signal, 'the read did not return: it waited on the pipe').toBeNull();
    expect(child.stdout.trim()).toBe('its plan.json is not a file');
  });
});
