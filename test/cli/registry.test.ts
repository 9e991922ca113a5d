import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { parseResolveArgs, parseValidateArgs, UsageError } from '../../src/cli/args.js';
import { COMMAND_NAMES, COMMANDS, type CommandEntry } from '../../src/cli/commands.js';
import { flagsOf } from '../../src/cli/options.js';
import { PROFILE_NAMES } from '../../src/config/profiles.js';
import { formats } from '../../src/report/formats.js';

/** Contracts of the command registry (src/cli/commands.ts), on the built CLI and on its sources. */
const REPO = path.resolve(import.meta.dirname, '..', '..');
const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(REPO, 'dist', 'cli', 'main.js'), ...args], { encoding: 'utf8', cwd: REPO });
const entry = (name: (typeof COMMAND_NAMES)[number]): CommandEntry => COMMANDS[name];

describe('every command has its own --help', () => {
  const own = COMMAND_NAMES.filter((name) => entry(name).from === undefined);

  it.each(own)('docsnav %s --help: its usage and every option it takes, exit 0', (name) => {
    const run = cli(name, '--help');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(`Usage: ${entry(name).usage}`);
    for (const option of entry(name).options.filter((o) => !o.hidden)) expect(run.stdout, option.name).toContain(flagsOf(option));
    expect(cli(name, '-h').stdout).toBe(run.stdout);
  });

  // Issue 57: resolve's help said --quiet's warnings "still count for --max-warnings", an option resolve refuses.
  it.each(own)('docsnav %s --help names no option the command does not take', (name) => {
    const taken = entry(name)
      .options.flatMap((option) => flagsOf(option).match(/--[a-z][a-z-]*/g) ?? [])
      .concat('--help');
    const named = new Set(cli(name, '--help').stdout.match(/--[a-z][a-z-]*/g));
    expect([...named].filter((flag) => !taken.includes(flag))).toEqual([]);
  });

  it('no two commands print the same help, and none prints the global one', () => {
    const texts = COMMAND_NAMES.map((name) => cli(name, '--help').stdout);
    expect(new Set(texts).size).toBe(COMMAND_NAMES.length);
    expect(texts).not.toContain(cli('--help').stdout);
  });

  it('docsnav --help names every command and every option of every command', () => {
    const help = cli('--help').stdout;
    for (const name of COMMAND_NAMES) expect(help).toContain(`  ${entry(name).usage}\n`);
    for (const option of COMMAND_NAMES.flatMap((name) => entry(name).options))
      if (!option.hidden && option.name !== 'help') expect(help).toContain(`--${option.name}`);
  });

  it("docsnav --help says each command's notes (its exit codes) in that command's block, never loose at the end (issue 50)", () => {
    const help = cli('--help').stdout;
    const lines = help.split('\n');
    for (const name of COMMAND_NAMES) {
      for (const paragraph of entry(name).details ?? []) {
        const words = paragraph.split(' ').slice(0, 6).join(' ');
        const at = lines.findIndex((line) => line.trim().startsWith(words));
        expect(at, `${name}: ${words}`).toBeGreaterThan(0);
        // The block it is in: the nearest "<command> options:" line above it (shared notes: the first command that has them).
        const block = lines.slice(0, at).findLast((line) => / options:$/.test(line));
        const owner = COMMAND_NAMES.find((other) => (entry(other).details ?? []).includes(paragraph));
        expect(block, words).toBe(`${owner} options:`);
        // Indented under the block, as its options are.
        expect(lines[at], words).toMatch(/^ {2}\S/);
      }
    }
    // Each command's exit codes once, in its own block: as many lines as commands that state them.
    const stated = new Set(COMMAND_NAMES.flatMap((name) => (entry(name).details ?? []).filter((paragraph) => paragraph.startsWith('Exit codes:'))));
    expect(stated.size).toBeGreaterThanOrEqual(2);
    expect(lines.filter((line) => line.trim().startsWith('Exit codes:'))).toHaveLength(stated.size);
  });

  it('an unknown command is a usage error naming every command', () => {
    const run = cli('frobnicate');
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`docsnav: unknown command "frobnicate" (commands: ${COMMAND_NAMES.join(', ')}; see docsnav --help)\n`);
  });
});

describe('the parser takes every option help lists', () => {
  const parsers = { validate: parseValidateArgs, resolve: parseResolveArgs } as const;
  // A value each kind of option accepts.
  const valueFor = (name: string) =>
    ({
      format: formats[1],
      profile: PROFILE_NAMES[1],
      rule: 'page-path=off',
      root: '.',
      'max-warnings': '3',
      'tree-format': 'pretty',
      'rule-docs-url': 'https://example.com/rules/',
      concurrency: '2',
      'cache-strategy': 'content',
    })[name] ?? 'x';

  it.each(Object.keys(parsers) as Array<keyof typeof parsers>)('%s', (name) => {
    for (const option of entry(name).options) {
      if (option.name === 'stdin-filename') continue; // needs --stdin, checked below
      const args = option.value ? [`--${option.name}`, valueFor(option.name)] : [`--${option.name}`];
      expect(() => parsers[name](args), args.join(' ')).not.toThrow();
    }
    expect(() => parsers[name](['--stdin', '--stdin-filename', 'docs.json'])).not.toThrow();
  });

  it('--format takes every registered format, and names them all when given another', () => {
    for (const format of formats) expect(parseValidateArgs(['--format', format]).formats).toEqual([format]);
    expect(() => parseValidateArgs(['--format', 'xml'])).toThrow(new UsageError(`--format must be one of ${formats.join(', ')} (got "xml")`));
  });

  it('--profile takes every registered profile', () => {
    for (const profile of PROFILE_NAMES) expect(parseValidateArgs(['--profile', profile]).profile).toBe(profile);
    expect(() => parseValidateArgs(['--profile', 'strict'])).toThrow(UsageError);
  });
});

describe('loading: the runner and each command load only what they use', () => {
  /** The CLI's module graph, as esbuild bundles it. */
  async function graph(): Promise<Metafile['inputs']> {
    const result = await build({
      absWorkingDir: REPO,
      entryPoints: ['src/cli/main.ts'],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outdir: 'out',
      logLevel: 'silent',
    });
    return result.metafile.inputs;
  }

  /** Every module `from` reaches: by static imports only, or by `import()` too. */
  function reach(inputs: Metafile['inputs'], from: string, dynamic: boolean): Set<string> {
    const seen = new Set([from]);
    for (const file of seen) {
      for (const edge of inputs[file]?.imports ?? []) if (!edge.external && (dynamic || edge.kind !== 'dynamic-import')) seen.add(edge.path);
    }
    return seen;
  }

  const lazyOf = (inputs: Metafile['inputs'], file: string) => inputs[file].imports.filter((edge) => edge.kind === 'dynamic-import').map((edge) => edge.path);

  it('the runner loads no command and no formatter; a command loads no other command; no command reaches back to the runner', async () => {
    const inputs = await graph();
    const commandModules = lazyOf(inputs, 'src/cli/commands.ts');
    const formatterModules = lazyOf(inputs, 'src/report/formats.ts');
    expect(commandModules).toEqual(
      expect.arrayContaining(['src/cli/validate-command.ts', 'src/cli/resolve-command.ts', 'src/cli/lsp-command.ts', 'src/cli/server-commands.ts']),
    );
    expect(formatterModules).toHaveLength(formats.length);
    const startup = reach(inputs, 'src/cli/main.ts', false);
    for (const lazy of [...commandModules, ...formatterModules]) expect(startup.has(lazy), `${lazy} is loaded at start-up`).toBe(false);
    for (const command of commandModules) {
      const loads = reach(inputs, command, false);
      for (const other of commandModules) if (other !== command) expect(loads.has(other), `${command} loads ${other}`).toBe(false);
      for (const formatter of formatterModules) expect(loads.has(formatter), `${command} loads ${formatter} before one is asked for`).toBe(false);
      const reaches = reach(inputs, command, true);
      for (const runner of ['src/cli/run.ts', 'src/cli/commands.ts', 'src/cli/help.ts'])
        expect(reaches.has(runner), `${command} reaches ${runner}`).toBe(false);
    }
  });
});
