/**
 * `npm run prepare` (scripts/prepare.mjs) in process, on a package of the test's own: npm is a
 * real child process, a script in npm's place (named by `npm_execpath`, as npm names itself to the
 * scripts it runs, or found on PATH) that writes down its arguments and the settings it was given,
 * and exits with the code the test asks for.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { prepare } from '../scripts/prepare.mjs';
import { tinyPackage } from './tiny-package.js';

const TOOLS = ['typescript', 'esbuild', 'ajv', 'ajv-errors'];

/** A package whose build is stale (no output yet), with `tools` installed in its node_modules, and an npm that records its calls. */
function stalePackage(tools: string[]) {
  const check = tinyPackage();
  for (const name of tools) {
    mkdirSync(path.join(check.root, 'node_modules', name), { recursive: true });
    writeFileSync(path.join(check.root, 'node_modules', name, 'package.json'), JSON.stringify({ name, version: '1.0.0' }));
  }
  const log = path.join(check.root, 'npm-calls.jsonl');
  const npm = path.join(check.root, 'fake-npm.mjs');
  writeFileSync(
    npm,
    [
      "import { appendFileSync } from 'node:fs';",
      'const settings = Object.keys(process.env).filter((key) => /npm_config_/i.test(key)).sort();',
      // Its standard output is the script's standard error (pre-commit reads a tarball's name from npm's standard output), its input none.
      "import { fstatSync, statSync } from 'node:fs';",
      'const [input, output, error, empty] = [fstatSync(0), fstatSync(1), fstatSync(2), statSync("/dev/null")];',
      'const streams = { outputIsError: output.ino === error.ino && output.dev === error.dev, inputIsNull: input.rdev === empty.rdev && input.isCharacterDevice() };',
      `appendFileSync(${JSON.stringify(log)}, JSON.stringify({ args: process.argv.slice(2), cwd: process.cwd(), settings, streams }) + '\\n');`,
      'const fail = process.env.FAKE_NPM_FAIL?.split(",") ?? [];',
      'process.exit(fail.includes(process.argv[2]) ? Number(process.env.FAKE_NPM_CODE ?? 1) : 0);',
    ].join('\n'),
  );
  const calls = () =>
    existsSync(log)
      ? readFileSync(log, 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { args: string[]; cwd: string; settings: string[]; streams: Record<string, boolean> })
      : [];
  return { check, npm, calls };
}

function run(pkg: ReturnType<typeof stalePackage>, env: NodeJS.ProcessEnv) {
  const said: string[] = [];
  const code = prepare({ check: pkg.check, env: { PATH: process.env.PATH, ...env }, say: (line) => said.push(line) });
  for (const call of pkg.calls()) expect(call.streams, call.args.join(' ')).toEqual({ outputIsError: true, inputIsNull: true });
  return { code, said };
}

const CI = ['ci', '--include=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--global=false', '--location=project'];

describe('scripts/prepare.mjs', () => {
  it('builds nothing when the build is as new as its sources', () => {
    const pkg = stalePackage(TOOLS);
    writeFileSync(path.join(pkg.check.root, 'dist', 'index.js'), 'built');
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(pkg.check.root, 'dist', 'index.js'), later, later);
    expect(run(pkg, { npm_execpath: pkg.npm })).toEqual({ code: 0, said: ['docsnav prepare: dist/ is as new as its sources; not building it again'] });
    expect(pkg.calls()).toEqual([]);
  });

  it('a stale build with its tools installed: `npm run build` alone, in the package, by the npm that runs the script', () => {
    const pkg = stalePackage(TOOLS);
    expect(run(pkg, { npm_execpath: pkg.npm, npm_config_global: 'true' })).toEqual({ code: 0, said: [] });
    expect(pkg.calls()).toEqual([{ args: ['run', 'build'], cwd: pkg.check.root, settings: ['npm_config_global'], streams: expect.anything() }]);
  });

  it('a tool missing: the tools installed from the lockfile first, without the global install’s settings (any case), then the build', () => {
    const pkg = stalePackage(['typescript', 'ajv']);
    // npm_config_globalconfig (the global npmrc's path) and my_npm_config_prefix are other settings: kept.
    const env = {
      npm_execpath: pkg.npm,
      npm_config_global: 'true',
      NPM_CONFIG_PREFIX: '/usr',
      npm_config_Location: 'global',
      npm_config_cache: '/c',
      npm_config_globalconfig: '/etc/npmrc',
      my_npm_config_prefix: '/x',
    };
    const { code, said } = run(pkg, env);
    expect(code).toBe(0);
    expect(said).toEqual([
      'docsnav prepare: esbuild, ajv-errors not installed here (a global install from git?); installing the build tools from the lockfile',
    ]);
    expect(pkg.calls()).toEqual([
      { args: CI, cwd: pkg.check.root, settings: ['my_npm_config_prefix', 'npm_config_cache', 'npm_config_globalconfig'], streams: expect.anything() },
      {
        args: ['run', 'build'],
        cwd: pkg.check.root,
        settings: ['NPM_CONFIG_PREFIX', 'my_npm_config_prefix', 'npm_config_Location', 'npm_config_cache', 'npm_config_global', 'npm_config_globalconfig'],
        streams: expect.anything(),
      },
    ]);
  });

  it('a failed install stops before the build, with npm’s exit code', () => {
    const pkg = stalePackage([]);
    const { code, said } = run(pkg, { npm_execpath: pkg.npm, FAKE_NPM_FAIL: 'ci', FAKE_NPM_CODE: '3' });
    expect(code).toBe(3);
    expect(said.at(-1)).toBe(`docsnav prepare: npm ${CI.join(' ')} failed (exit 3)`);
    expect(pkg.calls().map((call) => call.args[0])).toEqual(['ci']);
  });

  it('a failed build: one line and its exit code', () => {
    const pkg = stalePackage(TOOLS);
    expect(run(pkg, { npm_execpath: pkg.npm, FAKE_NPM_FAIL: 'run', FAKE_NPM_CODE: '7' })).toEqual({
      code: 7,
      said: ['docsnav prepare: npm run build failed (exit 7)'],
    });
  });

  it('run outside npm: the `npm` on PATH; none there is a failure with its reason, exit 1', () => {
    const pkg = stalePackage(TOOLS);
    const bin = path.join(pkg.check.root, 'bin');
    mkdirSync(bin);
    writeFileSync(path.join(bin, 'npm'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(pkg.npm)} "$@"\n`);
    chmodSync(path.join(bin, 'npm'), 0o755);
    expect(run(pkg, { PATH: bin })).toEqual({ code: 0, said: [] });
    expect(pkg.calls().map((call) => call.args)).toEqual([['run', 'build']]);
    const none = run(pkg, { PATH: path.join(pkg.check.root, 'no-bin') });
    expect(none.code).toBe(1);
    expect(none.said).toEqual([expect.stringMatching(/^docsnav prepare: npm run build failed \(spawnSync npm ENOENT\)$/)]);
  });

  it('a tool whose `exports` does not list its package.json is installed all the same', () => {
    const pkg = stalePackage(TOOLS);
    writeFileSync(
      path.join(pkg.check.root, 'node_modules', 'ajv', 'package.json'),
      JSON.stringify({ name: 'ajv', version: '8.0.0', exports: { '.': './index.js' } }),
    );
    expect(run(pkg, { npm_execpath: pkg.npm })).toEqual({ code: 0, said: [] });
    expect(pkg.calls().map((call) => call.args)).toEqual([['run', 'build']]);
  });

  it('a tool whose package.json cannot be read is an error, not a tool to install again', () => {
    const pkg = stalePackage(TOOLS);
    writeFileSync(path.join(pkg.check.root, 'node_modules', 'ajv', 'package.json'), '{ not json');
    expect(() => run(pkg, { npm_execpath: pkg.npm })).toThrow(/Error parsing .*node_modules[\\/]ajv[\\/]package\.json/);
    expect(pkg.calls()).toEqual([]);
  });

  it('says its lines on standard error unless told where', () => {
    const pkg = stalePackage(TOOLS);
    writeFileSync(path.join(pkg.check.root, 'dist', 'index.js'), 'built');
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(pkg.check.root, 'dist', 'index.js'), later, later);
    const written = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(prepare({ check: pkg.check, env: { npm_execpath: pkg.npm } })).toBe(0);
      expect(written.mock.calls).toEqual([['docsnav prepare: dist/ is as new as its sources; not building it again\n']]);
    } finally {
      written.mockRestore();
    }
  });
});
