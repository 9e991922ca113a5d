/**
 * `docsnav mv` as an action one can trust (issue 57): git that cannot read the repository is a
 * refusal, never a silent plain rename; a target with a space keeps its links links; the dry
 * run's diff quotes paths as git does, so a crafted folder name cannot add a file; moving a page
 * onto itself, from a subfolder, or from .mdx to .md says what is true; the exit code is the
 * move's (0 when it added no problem, whatever the site had); a page moved back where a redirect
 * sent it turns that redirect round.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { git, repoWith, write } from '../history/repo.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

const cli = path.resolve('dist/cli/main.js');

/** The CLI with no user or system git config (no safe.directory from the machine's). */
function docsnav(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function docs(pages: string[], redirects: Array<{ source: string; destination: string }> = []): string {
  return `${JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { groups: [{ group: 'Start', pages }] }, redirects }, null, 2)}\n`;
}

function site(): Record<string, string> {
  return {
    'docs.json': docs(['index', 'guides/a', 'guides/b']),
    'index.mdx': '# Home\n\nStart with [A](/guides/a) and [B](/guides/b).\n',
    'guides/a.mdx': '# A\n\nThen [B](./b).\n',
    'guides/b.mdx': '# B\n\n<Card href="/guides/a">A</Card>\n',
  };
}

/** Every file (the git folder left out) and its text. */
function tree(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (entry.name === '.git') continue;
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else files[child] = readFileSync(path.join(root, child), 'utf8');
    }
  };
  walk('');
  return files;
}

describe('docsnav mv: git that cannot read the repository', () => {
  it('refuses in one line (exit 2) when git says "dubious ownership", and moves nothing', () => {
    const repo = repoWith(site());
    spawnSync('chown', ['-R', 'nobody:nogroup', repo]);
    const before = tree(repo);
    const run = docsnav(['mv', 'guides/a.mdx', 'start.mdx'], repo);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^docsnav: cannot move guides\/a\.mdx: git cannot read the repository of .*dubious ownership.*: nothing was moved[^\n]*\n$/);
    expect(tree(repo)).toEqual(before);
    chownSync(repo, 0, 0);
  });
});

describe('docsnav mv: whether there is a repository is read from the disk, not from what git says', () => {
  it('outside any repository, git failing for any reason (a broken global config) is no repository: the move is made', () => {
    const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-mv-nogit-')));
    write(root, site());
    const config = path.join(root, '..', `${path.basename(root)}.gitconfig`);
    writeFileSync(config, '[core\n  broken = \n');
    const run = spawnSync(process.execPath, [cli, 'mv', 'guides/a.mdx', 'start.mdx'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: config },
    });
    expect(run.stderr).not.toMatch(/cannot move/);
    expect(run.status).toBe(0);
    expect(existsSync(path.join(root, 'start.mdx'))).toBe(true);
  });

  it('inside one, the same broken config refuses in one line with what git said, and moves nothing', () => {
    const repo = repoWith(site());
    const config = path.join(repo, '..', `${path.basename(repo)}.gitconfig`);
    writeFileSync(config, '[core\n  broken = \n');
    const before = tree(repo);
    const run = spawnSync(process.execPath, [cli, 'mv', 'guides/a.mdx', 'start.mdx'], {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: config },
    });
    expect(run.stderr).toMatch(/^docsnav: cannot move guides\/a\.mdx: git cannot read the repository of [^\n]*bad config line 1[^\n]*\n$/);
    expect(run.status).toBe(2);
    expect(tree(repo)).toEqual(before);
  });
});

describe('docsnav mv: the redirects it writes are ones validate reads as applying (issue 66)', () => {
  // The platform matches a requested path, percent-decoded, against the source as written: `mint
  // broken-links` 4.2.941 finds a link to /Old%20Name redirected by the source "/Old Name", and not
  // by "/Old%20Name". So a page moved away from a name with a space gets the source with the space.
  const names = ['Old Name', 'two  spaces', 'Üben Sie', 'a (b) & c', "it's", '100% done', 'ça va'];
  it.each(names)('moved from "%s": the redirect from its old URL is added, and validate finds nothing wrong with any redirect', (name) => {
    const repo = repoWith({ ...site(), 'docs.json': docs(['index', 'guides/a', 'guides/b', name]), [`${name}.mdx`]: '# Page\n' });
    const run = docsnav(['mv', `${name}.mdx`, 'moved/new page.mdx'], repo);
    expect(run.code).toBe(0);
    const redirects = JSON.parse(readFileSync(path.join(repo, 'docs.json'), 'utf8')).redirects;
    expect(redirects).toContainEqual({ source: `/${name}`, destination: '/moved/new page' });
    const check = docsnav(['validate', '--format', 'json'], repo);
    expect(JSON.parse(check.stdout)[0].problems.filter((p: { code: string }) => p.code.startsWith('redirect'))).toEqual([]);
  });

  it.each([
    ['a#b', /has a `#fragment`/],
    ['why?', /has a `\?query`/],
    ['v1:beta', /would be read as a pattern/],
  ])('moved from "%s", whose URL no reader can request as written: no redirect, and a note saying why', (name, why) => {
    const repo = repoWith({ ...site(), 'docs.json': docs(['index', 'guides/a', 'guides/b', name]), [`${name}.mdx`]: '# Page\n' });
    const run = docsnav(['mv', `${name}.mdx`, 'moved.mdx'], repo);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(new RegExp(`docsnav: note: docs.json:1:1: no redirect from the old URL /${name.replace(/[?]/g, '\\?')} was added: `));
    expect(run.stderr).toMatch(why);
    expect(JSON.parse(readFileSync(path.join(repo, 'docs.json'), 'utf8')).redirects).toEqual([]);
    const check = docsnav(['validate', '--format', 'json'], repo);
    expect(JSON.parse(check.stdout)[0].problems.filter((p: { code: string }) => p.code.startsWith('redirect'))).toEqual([]);
  });
});

describe('docsnav mv: names', () => {
  it('a target with a space: Markdown links in <…>, or with %20 when the author writes them so; elements as they are', () => {
    const repo = repoWith(site());
    const run = docsnav(['mv', 'guides/a.mdx', 'my guide.mdx'], repo);
    // A warning the move added (a page path with a space): reported; warnings fail only with --max-warnings, as validate's.
    expect(run.stderr).toContain('docsnav: the move added 1 problem; the site had none before it\n');
    expect(run.stdout).toContain('unsafe-slug');
    expect(run.code).toBe(0);
    expect(readFileSync(path.join(repo, 'index.mdx'), 'utf8')).toBe('# Home\n\nStart with [A](</my guide>) and [B](/guides/b).\n');
    expect(readFileSync(path.join(repo, 'guides/b.mdx'), 'utf8')).toBe('# B\n\n<Card href="/my guide">A</Card>\n');
    expect(readFileSync(path.join(repo, 'my guide.mdx'), 'utf8')).toBe('# A\n\nThen [B](./guides/b).\n');

    const percent = repoWith({ ...site(), 'old notes.mdx': '# Notes\n', 'z.mdx': '# Z\n\n[notes](/old%20notes) and [A](/guides/a)\n' });
    expect(docsnav(['mv', 'guides/a.mdx', 'guides/first steps.mdx'], percent).code).toBe(0);
    expect(readFileSync(path.join(percent, 'z.mdx'), 'utf8')).toBe('# Z\n\n[notes](/old%20notes) and [A](/guides/first%20steps)\n');
    const check = docsnav(['validate', '--format', 'json'], percent);
    expect(JSON.parse(check.stdout)[0].problems.filter((p: { code: string }) => p.code.startsWith('link'))).toEqual([]);
  });

  it('--dry-run quotes paths as git does: a folder name that writes diff headers adds nothing outside the docs folder', () => {
    // Nested folders whose names, joined by their slashes, spell a new file's diff.
    const crafted = 'x\ndiff --git a/evil.sh b/evil.sh\nnew file mode 100755\n--- /dev/null\n+++ b/evil.sh\n@@ -0,0 +1 @@\n+echo pwned\nz';
    const repo = repoWith({});
    write(path.join(repo, 'docs'), { ...site(), [`${crafted}/p.mdx`]: '# P\n\n[A](/guides/a)\n' });
    writeFileSync(path.join(repo, 'docs/docs.json'), docs(['index', 'guides/a', 'guides/b', `${crafted}/p`]));
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'crafted');
    const dry = docsnav(['mv', `${crafted}/p.mdx`, 'p.mdx', '--dry-run'], path.join(repo, 'docs'));
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('rename from "docs/x\\ndiff --git a/evil.sh b/evil.sh\\nnew file mode 100755');

    const copy = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-mv-apply-')));
    cpSync(repo, copy, { recursive: true });
    writeFileSync(path.join(copy, '..', `${path.basename(copy)}.diff`), dry.stdout);
    git(copy, 'status', '--porcelain');
    git(copy, 'apply', '--index', `../${path.basename(copy)}.diff`);
    expect(existsSync(path.join(copy, 'evil.sh'))).toBe(false);
    expect(
      git(copy, 'ls-files')
        .split('\n')
        .filter((file) => file !== '' && !file.startsWith('docs/')),
    ).toEqual([]);

    expect(docsnav(['mv', `${crafted}/p.mdx`, 'p.mdx'], path.join(repo, 'docs')).code).toBe(0);
    // git apply --index stages the edits too; mv stages the rename only.
    git(repo, 'add', '-A');
    expect(tree(copy)).toEqual(tree(repo));
    expect(git(copy, 'ls-files', '-s')).toBe(git(repo, 'ls-files', '-s'));
  });

  it('validate --fix --dry-run quotes a path with a tab or a quote as git does, and git apply takes it', () => {
    const repo = repoWith({});
    const folder = 'we"ird\tdocs';
    write(path.join(repo, folder), { 'docs.json': '{ "navigation": { "pages": ["index.mdx"] } }\n', 'index.mdx': '# Home\n' });
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'base');
    const dry = docsnav(['validate', '--fix-dry-run', folder], repo);
    expect(dry.stdout).toContain('diff --git "a/we\\"ird\\tdocs/docs.json" "b/we\\"ird\\tdocs/docs.json"\n');
    writeFileSync(path.join(repo, '..', `${path.basename(repo)}.diff`), dry.stdout);
    git(repo, 'apply', '--index', `../${path.basename(repo)}.diff`);
    expect(readFileSync(path.join(repo, folder, 'docs.json'), 'utf8')).toContain('"index"');
  });

  it('a page onto itself is refused with a true message', () => {
    const repo = repoWith(site());
    const run = docsnav(['mv', 'guides/a.mdx', './guides/a.mdx'], repo);
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'docsnav: cannot move guides/a.mdx: guides/a.mdx is guides/a.mdx itself: nothing to move\n' });
  });

  it('from a subfolder, the docs.json above is found (as git finds its folder)', () => {
    const repo = repoWith(site());
    const run = docsnav(['mv', 'a.mdx', 'c.mdx'], path.join(repo, 'guides'));
    expect(run.stderr).toMatch(/^docsnav: moved guides\/a\.mdx → guides\/c\.mdx \(1 page\);/);
    expect(run.code).toBe(0);
    expect(readFileSync(path.join(repo, 'index.mdx'), 'utf8')).toContain('[A](/guides/c)');
  });

  it('.mdx to .md: the URL stays, nothing is re-pointed or added, and it says so', () => {
    const repo = repoWith({ ...site(), 'docs.json': docs(['index', 'guides/a', 'guides/b'], [{ source: '/first', destination: '/guides/a' }]) });
    const run = docsnav(['mv', 'guides/a.mdx', 'guides/a.md'], repo);
    expect(run.stderr.split('\n')[0]).toBe(
      'docsnav: moved guides/a.mdx → guides/a.md (1 page, URL unchanged); rewrote 0 navigation entries and 0 links in 0 files; 0 redirects added, 0 re-pointed',
    );
    expect(run.code).toBe(0);
  });
});

describe('docsnav mv: exit codes of an action', () => {
  it('exit 0 when the move added no problem, the problems the site had counted in one line; `mv && git commit` works', () => {
    const repo = repoWith({ ...site(), 'broken.mdx': '# Broken\n\n[x](/nowhere) [y](/nowhere-else)\n' });
    const run = docsnav(['mv', 'guides/a.mdx', 'start.mdx', '--format', 'json'], repo);
    expect(run.code).toBe(0);
    expect(run.stderr.split('\n')[1]).toMatch(
      /^docsnav: the move added no problem; the site had 2 problems before it \(2 errors, 0 warnings\): docsnav validate lists them$/,
    );
    expect(JSON.parse(run.stdout)[0].problems).toEqual([]);
    const sh = spawnSync(
      'sh',
      ['-c', `"${process.execPath}" "${cli}" mv start.mdx begin.mdx && git -c user.name=n -c user.email=n@example.invalid commit -qm moved`],
      {
        cwd: repo,
        encoding: 'utf8',
      },
    );
    expect(sh.status).toBe(0);
    expect(git(repo, 'status', '--porcelain')).toContain(' M '); // the rewritten files, not staged: git mv stages the rename only
    expect(git(repo, 'show', '--name-status', '--format=', 'HEAD')).toMatch(/^R100\tguides\/a\.mdx\tbegin\.mdx$/m);
  });

  it('exit 1 and only what the move added, when it added a problem', () => {
    // A relative link written with an entity is not re-based in the moved page (it is noted): it now leads nowhere.
    const repo = repoWith({ ...site(), 'broken.mdx': '# Broken\n\n[x](/nowhere)\n', 'guides/a.mdx': '# A\n\nThen [B](./&#98;).\n' });
    const run = docsnav(['mv', 'guides/a.mdx', 'start.mdx', '--format', 'json'], repo);
    expect(run.code).toBe(1);
    const problems = JSON.parse(run.stdout)[0].problems.map((p: { code: string; file: string }) => `${p.code} ${p.file}`);
    expect(problems).toEqual(['link-not-found start.mdx']);
    expect(run.stderr).toContain('docsnav: the move added 1 problem; the site had 1 problem before it');
  });
});

describe('docsnav mv: moving back where a redirect sends the page', () => {
  it('turns the redirect round, re-points the others to the page: no loop, no chain', () => {
    const repo = repoWith({
      ...site(),
      'docs.json': docs(
        ['index', 'guides/a', 'guides/b'],
        [
          { source: '/start', destination: '/guides/a' },
          { source: '/older', destination: '/guides/a#top' },
        ],
      ),
    });
    const run = docsnav(['mv', 'guides/a.mdx', 'start.mdx'], repo);
    expect(run.stderr.split('\n')[0]).toBe(
      'docsnav: moved guides/a.mdx → start.mdx (1 page); rewrote 1 navigation entry and 3 links in 4 files; 0 redirects added, 1 re-pointed, 1 turned round (now /guides/a → /start)',
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(repo, 'docs.json'), 'utf8')).redirects).toEqual([
      { source: '/guides/a', destination: '/start' },
      { source: '/older', destination: '/start#top' },
    ]);
  });
});
