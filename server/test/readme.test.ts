/**
 * Every shell recipe of this package's README runs as written, and prints what the README says
 * it prints. A recipe is a fenced block whose info string names it (```sh try-it): the sessions
 * below run the named blocks in order in one bash (so `$TOKEN` and `%1` carry over, as in a
 * reader's terminal, job control on), in a folder laid out like a clone of the repository
 * (fixtures/ and node_modules/ of this repository, so `docsnav` is this build), inside new
 * network, pid and mount namespaces: port 3000 and PostgreSQL's 5432 (and its socket folder) are
 * free there whatever runs on this machine, and nothing a recipe starts outlives its session. The ```text block after a
 * recipe is its expected output: `…` stands for anything, and ids, commit hashes, durations and
 * dates may differ.
 *
 * The `install` recipe (two tarballs) is run by the repository's packages suite
 * (test/package/tarballs.test.ts), which has the tarballs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, ownPostgresUnavailable, postgresBin, tempDir } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

const README = readFileSync(path.resolve(import.meta.dirname, '../README.md'), 'utf8');

interface Block {
  lang: string;
  name: string | undefined;
  body: string;
}

/** The fenced blocks of a Markdown text, with the name after the language in the info string. */
function fencedBlocks(markdown: string): Block[] {
  return [...markdown.matchAll(/^```(\w+)(?: +([^\n]+))?\n([\s\S]*?)^```$/gm)].map(([, lang, name, body]) => ({ lang, name: name?.trim(), body }));
}

const blocks = fencedBlocks(README);
const named = (name: string): Block => {
  const block = blocks.find((entry) => entry.name === name);
  if (!block) throw new Error(`README.md has no block named ${name}`);
  return block;
};
/** The first ```text block after a named block (and before the next named one): what it prints. */
function expectedOutput(name: string): string {
  const index = blocks.indexOf(named(name));
  const next = blocks.slice(index + 1).find((block) => block.lang === 'text' || (block.name !== undefined && block.lang === 'sh'));
  if (next?.lang !== 'text') throw new Error(`no output block after ${name}`);
  return next.body;
}

/** Each session: the recipes it runs in order, and whether it needs a stock Debian PostgreSQL cluster. */
const SESSIONS = {
  embedded: { recipes: ['example-repo', 'try-it', 'assistant', 'pages', 'chat', 'stop'], postgres: false },
  postgres: { recipes: ['example-repo', 'postgres', 'postgres-status', 'postgres-stop'], postgres: true },
};
/** Run elsewhere: the tarballs' install is the packages suite's. */
const ELSEWHERE = ['install'];

const cleanups: Array<() => void> = [];
afterAll(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
});

/** Why this machine cannot run the sessions (namespaces need root, unshare and ip), or undefined. */
function namespacesUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return 'running the recipes in their own network namespace needs root';
  const probe = spawnSync('unshare', ['--net', '--pid', '--fork', '--kill-child', '--mount-proc', 'ip', 'link', 'set', 'lo', 'up'], {
    encoding: 'utf8',
    timeout: hangGuard(10_000),
  });
  if (probe.status !== 0) return `unshare --net --pid, or ip, is not available (${probe.error?.message ?? probe.stderr.trim()})`;
  return undefined;
}

const MARK = '@@recipe';

/** Runs the recipes in one bash inside new namespaces; returns each recipe's output and exit status. */
function runSession(recipes: string[], postgres: boolean): Map<string, { output: string; status: number }> {
  const work = tempDir('readme');
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  for (const name of ['fixtures', 'node_modules']) symlinkSync(path.join(REPO_ROOT, name), path.join(work, name));
  const lines = ['exec 2>&1', 'set -m', 'ip link set lo up', `cd ${JSON.stringify(work)}`];
  if (postgres) {
    // A stock Debian cluster, as `apt-get install postgresql` makes it (pg_createcluster's
    // defaults): port 5432, its socket in /var/run/postgresql (a tmpfs of this session's own),
    // peer authentication on the socket, scram-sha-256 over TCP, no role but postgres (which has
    // no password) and no database docsnav: the recipe makes what it needs. `sudo -u`, where
    // this machine has no sudo, is runuser.
    const bin = postgresBin()!;
    const pg = tempDir('readme-pg');
    cleanups.push(() => rmSync(pg, { recursive: true, force: true }));
    chownSync(pg, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
    const as = (command: string) => `runuser -u postgres -- ${path.join(bin, command)}`;
    lines.push(
      'mkdir -p /var/run/postgresql && mount -t tmpfs tmpfs /var/run/postgresql && chown postgres:postgres /var/run/postgresql',
      `${as('initdb')} -D ${pg}/data --auth-local=peer --auth-host=scram-sha-256 -U postgres --no-sync > /dev/null`,
      `${as('pg_ctl')} -D ${pg}/data -l ${pg}/log -w -o "-p 5432 -k /var/run/postgresql -h 127.0.0.1 -c fsync=off" start > /dev/null`,
    );
    if (spawnSync('sh', ['-c', 'command -v sudo']).status !== 0) {
      const shims = path.join(work, '.bin');
      mkdirSync(shims);
      writeFileSync(path.join(shims, 'sudo'), '#!/bin/sh\n[ "$1" = -u ] || exec "$@"\nuser=$2; shift 2; exec runuser -u "$user" -- "$@"\n', { mode: 0o755 });
      lines.push(`export PATH=${JSON.stringify(shims)}:"$PATH"`);
    }
  }
  for (const name of recipes) {
    const body = named(name).body.trimEnd();
    // A file the README shows (```mjs chat.mjs) is saved where the reader is when a recipe runs it.
    for (const file of blocks.filter((block) => block.lang === 'mjs' && block.name !== undefined && body.includes(`node ${block.name}`)))
      lines.push(`cat > ${file.name} <<'README_FILE_END'`, file.body.trimEnd(), 'README_FILE_END');
    lines.push(`echo ${MARK} ${name}`, body, `echo "${MARK}-status $?"`);
  }
  // Nothing waits for the servers here: the stop recipes' `wait` must have (the logs say "stopped").
  lines.push(`echo ${MARK} end`);
  const script = path.join(work, '.session.sh');
  writeFileSync(script, `${lines.join('\n')}\n`);
  const run = spawnSync('unshare', ['--net', '--pid', '--fork', '--kill-child', '--mount-proc', 'bash', script], {
    cwd: work,
    encoding: 'utf8',
    timeout: hangGuard(4 * 60_000),
    // unshare does not pass SIGTERM on; SIGKILL ends it, and --kill-child then the whole namespace.
    killSignal: 'SIGKILL',
    // A reader's terminal: none of this test's settings, and none of the npm run that started it
    // (npm_config_local_prefix would make npx look for docsnav in this package's folder).
    env: Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(DATABASE_URL|PORT|DOCSNAV_.*|npm_.*|INIT_CWD)$/i.test(key))),
  });
  const output = `${run.stdout}`;
  if (!output.includes(`${MARK} end`)) throw new Error(`the session did not finish (status ${run.status}, ${run.signal ?? ''}):\n${output}\n${run.stderr}`);
  const results = new Map<string, { output: string; status: number }>();
  for (const part of output.split(`${MARK} `).slice(1)) {
    const [name, ...rest] = part.split('\n');
    const text = rest.join('\n');
    const status = /@@recipe-status (\d+)\n?$/.exec(text);
    results.set(name, { output: text.replace(/@@recipe-status \d+\n?$/, ''), status: status ? Number(status[1]) : -1 });
  }
  for (const log of ['serve.log', 'w1.log', 'w2.log']) results.set(log, { output: readIfThere(path.join(work, 'demo', log)), status: 0 });
  return results;
}

function readIfThere(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** An expected output line as a pattern: `…` is anything; ids, hashes, durations and dates vary. */
function linePattern(line: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const VARYING: Array<[RegExp, string]> = [
    [/^Date: .*$/, 'Date: .*'],
    [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'],
    [/dn_(admin|assistant)_[\w-]+/, 'dn_$1_[\\w-]+'],
    [/\b[0-9a-f]{40}\b/, '[0-9a-f]{40}'],
    [/\b[0-9a-f]{12}\b/, '[0-9a-f]{12}'],
    [/\b\d+ ms\b/, '\\d+ ms'],
    [/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z/, '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d+Z'],
    [/…/, '.*'],
  ];
  // Cut the line at every varying part, escape the rest.
  let pattern = '';
  let rest = line;
  for (;;) {
    let first: { index: number; length: number; replacement: string } | undefined;
    for (const [regex, replacement] of VARYING) {
      const match = regex.exec(rest);
      if (match && (first === undefined || match.index < first.index))
        first = { index: match.index, length: match[0].length, replacement: match[0].replace(regex, replacement) };
    }
    if (!first) break;
    pattern += escape(rest.slice(0, first.index)) + first.replacement;
    rest = rest.slice(first.index + first.length);
  }
  return new RegExp(`^${pattern}${escape(rest)}$`);
}

/** What a recipe printed, as lines, without npm's own warnings about the machine's npm config. */
function printed(output: string): string[] {
  return output
    .replace(/\r/g, '')
    .split('\n')
    .filter((line) => !/^npm warn /.test(line))
    .join('\n')
    .trimEnd()
    .split('\n');
}

function expectPrints(name: string, output: string) {
  const expected = expectedOutput(name).trimEnd().split('\n');
  const actual = printed(output);
  expect(actual, `${name} printed:\n${actual.join('\n')}`).toHaveLength(expected.length);
  actual.forEach((line, i) => expect(line, `${name}, line ${i + 1}`).toMatch(linePattern(expected[i])));
}

describe('README recipes', () => {
  it('every shell block has a name, and every name is run by a session here or by the packages suite', () => {
    const shell = blocks.filter((block) => block.lang === 'sh' || block.lang === 'bash');
    expect(shell.filter((block) => block.name === undefined).map((block) => block.body.split('\n')[0])).toEqual([]);
    const run = new Set([...Object.values(SESSIONS).flatMap((session) => session.recipes), ...ELSEWHERE]);
    expect(shell.map((block) => block.name).filter((name) => !run.has(name!))).toEqual([]);
    for (const name of run)
      expect(
        blocks.some((block) => block.name === name),
        name,
      ).toBe(true);
    // The packages suite claims `install`: it runs this README's block with its tarballs.
    const packages = readFileSync(path.join(REPO_ROOT, 'test', 'package', 'tarballs.test.ts'), 'utf8');
    expect(packages).toContain("readmeBlock('install', readFileSync(path.join(REPO, 'server', 'README.md'), 'utf8'))");
  });

  it('the expected outputs are patterns that hold on the text they were taken from, and no more', () => {
    expect('deployed 040839fbe43a of main: 19 pages').toMatch(linePattern('deployed 0123456789ab of main: 19 pages'));
    expect('deployed 040839fbe43a of main: 18 pages').not.toMatch(linePattern('deployed 0123456789ab of main: 19 pages'));
    expect('added project acme: /srv/x/acme-docs branch main').toMatch(linePattern('added project acme: …/acme-docs branch main'));
    expect('checked 19 pages in 3 ms').toMatch(linePattern('checked 19 pages in 159 ms'));
  });

  const unavailable = namespacesUnavailable();
  it.skipIf(unavailable !== undefined)(
    `embedded database: try it, the assistant, pages and search, the chat client, stop${unavailable ? ` (skipped: ${unavailable})` : ''}`,
    () => {
      const results = runSession(SESSIONS.embedded.recipes, false);
      for (const name of SESSIONS.embedded.recipes) expect(results.get(name)?.status, `${name}:\n${results.get(name)?.output}`).toBe(0);
      expect(printed(results.get('example-repo')!.output)).toEqual(['']);
      expectPrints('try-it', results.get('try-it')!.output);
      expectPrints('assistant', results.get('assistant')!.output);
      expectPrints('pages', results.get('pages')!.output);
      expectPrints('chat', results.get('chat')!.output);
      // SIGTERM reached serve through npx, and serve stopped cleanly.
      const log = results.get('serve.log')!.output.trim().split('\n');
      expect(JSON.parse(log.at(-1)!)).toMatchObject({ msg: 'stopped' });
    },
  );

  const noPostgres = unavailable ?? ownPostgresUnavailable();
  it.skipIf(noPostgres !== undefined)(`PostgreSQL: serve --jobs 0 and two workers, three updates${noPostgres ? ` (skipped: ${noPostgres})` : ''}`, () => {
    const results = runSession(SESSIONS.postgres.recipes, true);
    for (const name of SESSIONS.postgres.recipes) expect(results.get(name)?.status, `${name}:\n${results.get(name)?.output}`).toBe(0);
    expectPrints('postgres', results.get('postgres')!.output);
    // Which updates are folded into one run depends on when the workers claim them, so each line is
    // checked for what holds either way (the README's lines hold it too).
    const deployed =
      /^success \| deployed [0-9a-f]{12} of main: 19 pages, 0 errors, 0 warnings( \(.+\))? \| (.+ \/ )?fetching main from .+\/acme-docs \/ .+ \/ stored 30 text sections of 19 pages$/;
    const lines = printed(results.get('postgres-status')!.output);
    expect(lines).toHaveLength(3);
    for (const line of [...lines, ...expectedOutput('postgres-status').trimEnd().split('\n')]) expect(line).toMatch(deployed);
    for (const name of ['serve.log', 'w1.log', 'w2.log'])
      expect(JSON.parse(results.get(name)!.output.trim().split('\n').at(-1)!), name).toMatchObject({ msg: 'stopped' });
  });
});
