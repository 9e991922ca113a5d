/**
 * The `docsnav` command's entry (src/daemon/client-main.ts) in process: which runs go to the
 * checker, what is printed of its answer, and the one line said when it falls back. The entry runs
 * when loaded and hands a check in process to the CLI's bundle beside it (`./main.js`); here each
 * case loads a copy of the source file in a folder of its own, beside a stand-in main.js that says
 * it was loaded (the sources hold no bundle); its imports are the sources' own modules (linked).
 * The checker is a stand-in on the socket of the test's folder (test/daemon/sockets.ts).
 */
import { copyFileSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pc from 'picocolors';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { findSocket } from '../../src/daemon/client.js';
import { socketFolder, socketName } from '../../src/daemon/place.js';
import { standIn, tempPlace, thrown } from './sockets.js';

const { temp, ownFolder } = tempPlace('docsnav-client-main-');
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/**
 * The entry by its own name, never loaded (loading it runs it): Vitest's "related" search, by which
 * Stryker picks a mutant's tests, follows a dynamic import of a literal path, and cannot follow the
 * copies' paths (without it, every mutant of client-main.ts ran no test and survived).
 */
const relatedToEntry = process.env.DOCSNAV_NEVER_SET_LOAD_ENTRY === 'never' ? () => import('../../src/daemon/client-main.js') : undefined;

const source = (name: string): string => fileURLToPath(new URL(`../../src/daemon/${name}`, import.meta.url));
const project = fileURLToPath(new URL('../../', import.meta.url));

interface Ran {
  stdout: string;
  stderr: string;
  exitCode: number | string | null | undefined;
  /** The CLI's bundle was loaded: the check ran in process. */
  inProcess: boolean;
}

type ErrorListener = (error: NodeJS.ErrnoException) => void;

/**
 * Runs the entry as `docsnav <argv>` in this process, `env` set over the process's (undefined:
 * unset), until it loaded the bundle or printed an answer. What it printed,
 * its exit code, the environment it saw and the error listeners it left on stdout and stderr
 * (taken off again).
 */
async function entry(
  argv: string[],
  env: Record<string, string | undefined>,
): Promise<Ran & { env: NodeJS.ProcessEnv; onError: { stdout: ErrorListener[]; stderr: ErrorListener[] } }> {
  const folder = ownFolder();
  const daemon = path.join(folder, 'src', 'daemon');
  mkdirSync(daemon, { recursive: true });
  copyFileSync(source('client-main.ts'), path.join(daemon, 'client-main.ts'));
  for (const name of ['client.ts', 'protocol.ts']) symlinkSync(source(name), path.join(daemon, name));
  symlinkSync(path.join(project, 'node_modules'), path.join(folder, 'node_modules'));
  writeFileSync(path.join(daemon, 'main.js'), 'globalThis.__docsnavMain();\n');
  const out: string[] = [];
  const err: string[] = [];
  const before = { stdout: process.stdout.listeners('error'), stderr: process.stderr.listeners('error') };
  const done = new Promise<boolean>((resolve) => {
    (globalThis as { __docsnavMain?: () => void }).__docsnavMain = () => resolve(true);
    vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
      out.push(String(text));
      return true;
    });
    vi.spyOn(process.stderr, 'write').mockImplementation((text) => {
      err.push(String(text));
      // Not a fallback's line: the answer's stderr, printed last, the exit code set right after.
      if (!String(text).endsWith('; checking in process\n')) resolve(false);
      return true;
    });
  });
  const argvBefore = process.argv;
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  process.argv = [process.execPath, 'docsnav', ...argv];
  const seen = { ...process.env };
  try {
    await import(/* @vite-ignore */ path.join(daemon, 'client-main.ts'));
    const inProcess = await done;
    const added = (stream: NodeJS.WriteStream) =>
      stream.listeners('error').filter((listener) => !before[stream === process.stdout ? 'stdout' : 'stderr'].includes(listener)) as ErrorListener[];
    const onError = { stdout: added(process.stdout), stderr: added(process.stderr) };
    for (const listener of onError.stdout) process.stdout.removeListener('error', listener);
    for (const listener of onError.stderr) process.stderr.removeListener('error', listener);
    return { stdout: out.join(''), stderr: err.join(''), exitCode: process.exitCode, inProcess, env: seen, onError };
  } finally {
    process.exitCode = undefined;
    process.argv = argvBefore;
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  }
}

/** A stand-in checker for this folder (the process's), answering `reply` (a string: as it is). */
async function checkerHere(reply: unknown): Promise<{ runtime: string; daemon: Awaited<ReturnType<typeof standIn>> }> {
  const runtime = ownFolder();
  const sockets = ownFolder(socketFolder({ XDG_RUNTIME_DIR: runtime }));
  const daemon = await standIn(path.join(sockets, socketName(process.cwd())), (line, connection) =>
    connection.end(typeof reply === 'string' ? reply : `${JSON.stringify(reply)}\n`),
  );
  return { runtime, daemon };
}

describe('client-main: the docsnav command', () => {
  it('is named to Vitest by a literal import, which is not loaded', () => {
    expect(relatedToEntry).toBeUndefined();
  });

  it("prints a checker's answer to validate as it came, exits with its code, and sends it the run: its arguments, folder, environment, terminal, colours and build", async () => {
    const { runtime, daemon } = await checkerHere({ stdout: 'out\n', stderr: 'err\n', code: 1 });
    try {
      const ran = await entry(['validate', '--quiet'], { XDG_RUNTIME_DIR: runtime, DOCSNAV_DAEMON: undefined });
      expect({ ...ran, env: undefined, onError: undefined }).toEqual({ stdout: 'out\n', stderr: 'err\n', exitCode: 1, inProcess: false });
      expect(daemon.lines.map((line) => JSON.parse(line) as unknown)).toEqual([
        {
          docsnav: 1,
          op: 'run',
          build: 'source',
          argv: ['validate', '--quiet'],
          cwd: process.cwd(),
          env: Object.fromEntries(Object.entries(ran.env).filter((entry) => entry[1] !== undefined)),
          isTTY: Boolean(process.stdout.isTTY),
          colorSupported: pc.isColorSupported,
        },
      ]);
      // Output cut short (a pipe closed: `| head`) exits with the answer's code; another write error with 2.
      const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as typeof process.exit);
      try {
        expect(ran.onError.stdout).toHaveLength(1);
        expect(ran.onError.stderr).toHaveLength(1);
        for (const listener of [...ran.onError.stdout, ...ran.onError.stderr]) {
          listener(Object.assign(new Error('pipe'), { code: 'EPIPE' }));
          listener(Object.assign(new Error('io'), { code: 'EIO' }));
        }
        expect(exit.mock.calls).toEqual([[1], [2], [1], [2]]);
      } finally {
        exit.mockRestore();
      }
    } finally {
      await daemon.close();
    }
  });

  it('checks in process, asking no checker, for another command, DOCSNAV_DAEMON=0, or standard input', async () => {
    const { runtime, daemon } = await checkerHere({ stdout: 'out\n', stderr: '', code: 0 });
    try {
      for (const [argv, set] of [
        [['resolve'], undefined],
        [[], undefined],
        [['validate'], '0'],
        [['validate', '-'], '1'],
        [['validate', '--stdin'], undefined],
        [['validate', 'docs.json', '--stdin'], '1'],
      ] as const) {
        const ran = await entry([...argv], { XDG_RUNTIME_DIR: runtime, DOCSNAV_DAEMON: set });
        expect([argv, ran.stdout, ran.stderr, ran.inProcess]).toEqual([argv, '', '', true]);
      }
      expect(daemon.lines).toEqual([]);
    } finally {
      await daemon.close();
    }
  });

  it('checks in process when no checker runs: silently, or saying so in one line when DOCSNAV_DAEMON=1 asked for one', async () => {
    const runtime = ownFolder();
    expect(await entry(['validate'], { XDG_RUNTIME_DIR: runtime, DOCSNAV_DAEMON: undefined })).toMatchObject({ stdout: '', stderr: '', inProcess: true });
    expect(await entry(['validate'], { XDG_RUNTIME_DIR: runtime, DOCSNAV_DAEMON: '1' })).toMatchObject({
      stdout: '',
      stderr: 'docsnav: no daemon runs for this folder; checking in process\n',
      inProcess: true,
    });
  });

  it('says in one line why a checker that is there did not answer, asked for or not, and checks in process', async () => {
    const { runtime, daemon } = await checkerHere({ error: 'this daemon is build X, the client source', kind: 'stale' });
    try {
      expect(await entry(['validate'], { XDG_RUNTIME_DIR: runtime, DOCSNAV_DAEMON: undefined })).toMatchObject({
        stdout: '',
        stderr: 'docsnav: the daemon is of another build of docsnav (it stops now); checking in process\n',
        inProcess: true,
      });
    } finally {
      await daemon.close();
    }
  });

  it('says in one line that the checker cannot be asked when the client itself fails, and checks in process', async () => {
    const runtime = `/${'x'.repeat(5000)}`;
    const why = thrown(() => findSocket(process.cwd(), { XDG_RUNTIME_DIR: runtime })).message;
    expect(await entry(['validate'], { XDG_RUNTIME_DIR: runtime, DOCSNAV_DAEMON: undefined })).toMatchObject({
      stdout: '',
      stderr: `docsnav: the daemon cannot be asked (${why}); checking in process\n`,
      inProcess: true,
    });
  });
});
