/**
 * src/daemon/place.ts and protocol.ts in process (issue 67): where the checker listens, the owner
 * checks client and checker make before trusting a folder or a socket (on Linux through the
 * folder's descriptor; the path-checked branch of systems without /proc loaded again as on
 * macOS), and the wire's limits and build id. Real folders, links and sockets in a temporary
 * folder; as root, a folder or socket of another user by chown.
 */
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, copyFileSync, existsSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkSocket, NotOwnError, openSocketFolder, socketFolder, socketName, type CheckedFolder } from '../../src/daemon/place.js';
import { buildId, MAX_REQUEST_BYTES, PROTOCOL } from '../../src/daemon/protocol.js';
import { deadSocket, descriptorsOn, tempPlace, thrown } from './sockets.js';

const { temp, freshPath, ownFolder } = tempPlace('docsnav-place-');
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Root may give a file to another user (chown); the owner checks are tested with one when it can. */
const ROOT = process.getuid?.() === 0;
const OTHER_UID = 4321;
const me = process.getuid?.() ?? 0;

describe('place: socketFolder', () => {
  it('is $XDG_RUNTIME_DIR/docsnav when that is an absolute path', () => {
    expect(socketFolder({ XDG_RUNTIME_DIR: '/run/user/1000', XDG_CACHE_HOME: '/c' })).toBe('/run/user/1000/docsnav');
  });

  it('ignores a relative or empty $XDG_RUNTIME_DIR (the XDG spec) and uses the cache folder: $XDG_CACHE_HOME, else ~/.cache', () => {
    expect(socketFolder({ XDG_RUNTIME_DIR: 'run/user/1000', XDG_CACHE_HOME: '/c' })).toBe('/c/docsnav/daemon');
    expect(socketFolder({ XDG_RUNTIME_DIR: '', XDG_CACHE_HOME: '/c' })).toBe('/c/docsnav/daemon');
    expect(socketFolder({ XDG_CACHE_HOME: '/c' })).toBe('/c/docsnav/daemon');
    expect(socketFolder({})).toBe(path.join(homedir(), '.cache', 'docsnav', 'daemon'));
  });

  it("reads the process's environment when given none", () => {
    vi.stubEnv('XDG_RUNTIME_DIR', '/run/user/77');
    try {
      expect(socketFolder()).toBe('/run/user/77/docsnav');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('place: socketName', () => {
  it('is 16 hex digits of the root\'s sha256 and ".sock": stable, one per root', () => {
    expect(socketName('/srv/docs')).toBe(`${createHash('sha256').update('/srv/docs').digest('hex').slice(0, 16)}.sock`);
    expect(socketName('/srv/docs')).toMatch(/^[0-9a-f]{16}\.sock$/);
    expect(socketName('/srv/docs')).toBe(socketName('/srv/docs'));
    const names = new Set(['/srv/docs', '/srv/docs/', '/srv/doc', '/srv', '/'].map(socketName));
    expect(names.size).toBe(5);
  });
});

describe('place: openSocketFolder (by descriptor, Linux)', () => {
  it('is undefined for a folder that is not there and not asked to be made', () => {
    const missing = freshPath();
    expect(openSocketFolder(missing, false)).toBeUndefined();
    expect(existsSync(missing)).toBe(false);
  });

  it('makes the folder and its missing parents, each mode 0700, and names entries through the descriptor it checked', () => {
    const parent = path.join(freshPath(), 'a', 'b');
    const folder = path.join(parent, 'docsnav');
    const checked = openSocketFolder(folder, true) as CheckedFolder;
    try {
      expect(checked.folder).toBe(folder);
      for (const made of [folder, parent, path.dirname(parent), path.dirname(path.dirname(parent))]) expect(statSync(made).mode & 0o777).toBe(0o700);
      const fd = /^\/proc\/self\/fd\/(\d+)\/entry$/.exec(checked.at('entry'))?.[1];
      expect(fd).toBeDefined();
      expect(readlinkSync(`/proc/self/fd/${fd}`)).toBe(folder);
      writeFileSync(path.join(folder, 'entry'), 'seen through the descriptor');
      expect(readFileSync(checked.at('entry'), 'utf8')).toBe('seen through the descriptor');
      // The folder renamed: the descriptor still names the folder that was checked.
      renameSync(folder, `${folder}-moved`);
      expect(readFileSync(checked.at('entry'), 'utf8')).toBe('seen through the descriptor');
      renameSync(`${folder}-moved`, folder);
    } finally {
      checked.close();
    }
    expect(descriptorsOn(folder)).toEqual([]);
  });

  it('opens a folder already there, made or not', () => {
    const folder = ownFolder();
    for (const make of [true, false]) {
      const checked = openSocketFolder(folder, make) as CheckedFolder;
      expect(checked.folder).toBe(folder);
      checked.close();
    }
    expect(descriptorsOn(folder)).toEqual([]);
  });

  it('passes on an error other than "already there" when making the folder', () => {
    const error = thrown(() => openSocketFolder(path.join(freshPath(), 'x'.repeat(300)), true));
    expect(error.code).toBe('ENAMETOOLONG');
    expect(error).not.toBeInstanceOf(NotOwnError);
  });

  // sysfs takes no folder a user makes (EPERM, even as root), and opening one that is not there finds nothing: were the error
  // of making it dropped, the folder would be "not there" (undefined), not an error.
  it.runIf(process.platform === 'linux' && existsSync('/sys/kernel'))(
    'passes on a refusal to make the folder where opening it would find nothing (/sys)',
    () => {
      const error = thrown(() => openSocketFolder('/sys/docsnav-socket-folder', true));
      expect(['EPERM', 'EACCES', 'EROFS']).toContain(error.code);
      expect(error).not.toBeInstanceOf(NotOwnError);
    },
  );

  it('passes on an error other than missing, a link or not a folder when opening it', () => {
    const error = thrown(() => openSocketFolder(`/${'x'.repeat(5000)}`, false));
    expect(error.code).toBe('ENAMETOOLONG');
    expect(error).not.toBeInstanceOf(NotOwnError);
  });

  it('refuses a folder others may read, write or enter, made or not, and keeps no descriptor on it', () => {
    for (const mode of [0o750, 0o705, 0o710, 0o701, 0o720]) {
      const folder = ownFolder();
      chmodSync(folder, mode);
      for (const make of [false, true]) {
        const error = thrown(() => openSocketFolder(folder, make));
        expect(error).toBeInstanceOf(NotOwnError);
        expect(error.message).toBe(`the daemon folder ${folder} may be read or written by other users (mode ${`0${mode.toString(8)}`})`);
      }
      expect(statSync(folder).mode & 0o777).toBe(mode);
      expect(descriptorsOn(folder)).toEqual([]);
    }
  });

  it.runIf(ROOT)('refuses a folder another user owns (as root: chown to another uid), and keeps no descriptor on it', () => {
    const folder = ownFolder();
    chownSync(folder, OTHER_UID, OTHER_UID);
    const error = thrown(() => openSocketFolder(folder, false));
    expect(error).toBeInstanceOf(NotOwnError);
    expect(error.message).toBe(`the daemon folder ${folder} belongs to user ${OTHER_UID}, not to this process's user (${me})`);
    expect(descriptorsOn(folder)).toEqual([]);
  });

  it('refuses a symbolic link (even to a folder of the user alone) and a file', () => {
    const target = ownFolder();
    const link = freshPath('l');
    symlinkSync(target, link);
    const file = freshPath('file');
    writeFileSync(file, '');
    for (const [folder, make] of [
      [link, false],
      [link, true],
      [file, false],
    ] as const) {
      const error = thrown(() => openSocketFolder(folder, make));
      expect(error).toBeInstanceOf(NotOwnError);
      expect(error.message).toBe(`the daemon folder ${folder} is not a folder (a symbolic link?)`);
    }
  });

  it('refuses a folder below a link that loops (ELOOP; a link as the folder itself is ENOTDIR on Linux)', () => {
    const loop = freshPath('loop');
    symlinkSync(loop, loop);
    const folder = path.join(loop, 'below');
    const error = thrown(() => openSocketFolder(folder, false));
    expect(error).toBeInstanceOf(NotOwnError);
    expect(error.message).toBe(`the daemon folder ${folder} is not a folder (a symbolic link?)`);
  });
});

describe('place: checkSocket', () => {
  const within = (): { folder: CheckedFolder; at: (name: string) => string } => {
    const folder = openSocketFolder(ownFolder(), false) as CheckedFolder;
    return { folder, at: (name) => path.join(folder.folder, name) };
  };

  it("is undefined when there is no socket, and the path through the folder's descriptor to one that is the user's alone", async () => {
    const { folder, at } = within();
    try {
      expect(checkSocket(folder, 'none.sock')).toBeUndefined();
      await deadSocket(at('s.sock'), 0o700);
      expect(checkSocket(folder, 's.sock')).toBe(folder.at('s.sock'));
      chmodSync(at('s.sock'), 0o600);
      expect(checkSocket(folder, 's.sock')).toBe(folder.at('s.sock'));
    } finally {
      folder.close();
    }
  });

  it('refuses a file that is not a socket, and a symbolic link to a good socket', async () => {
    const { folder, at } = within();
    try {
      writeFileSync(at('file.sock'), '');
      chmodSync(at('file.sock'), 0o600);
      expect(thrown(() => checkSocket(folder, 'file.sock'))).toEqual(new NotOwnError(`${at('file.sock')} is not a socket`));
      await deadSocket(at('good.sock'));
      symlinkSync(at('good.sock'), at('link.sock'));
      const error = thrown(() => checkSocket(folder, 'link.sock'));
      expect(error).toBeInstanceOf(NotOwnError);
      expect(error.message).toBe(`${at('link.sock')} is not a socket`);
    } finally {
      folder.close();
    }
  });

  it('refuses a socket others may open', async () => {
    const { folder, at } = within();
    try {
      for (const mode of [0o660, 0o606, 0o640, 0o602]) {
        await deadSocket(at(`m${mode}.sock`), mode);
        const error = thrown(() => checkSocket(folder, `m${mode}.sock`));
        expect(error).toBeInstanceOf(NotOwnError);
        expect(error.message).toBe(`the daemon socket ${at(`m${mode}.sock`)} may be read or written by other users (mode 0${mode.toString(8)})`);
      }
    } finally {
      folder.close();
    }
  });

  it.runIf(ROOT)('refuses a socket another user owns (as root: chown to another uid)', async () => {
    const { folder, at } = within();
    try {
      await deadSocket(at('other.sock'));
      chownSync(at('other.sock'), OTHER_UID, OTHER_UID);
      const error = thrown(() => checkSocket(folder, 'other.sock'));
      expect(error).toBeInstanceOf(NotOwnError);
      expect(error.message).toBe(`the daemon socket ${at('other.sock')} belongs to user ${OTHER_UID}, not to this process's user (${me})`);
    } finally {
      folder.close();
    }
  });
});

/**
 * place.ts as loaded where /proc is not (macOS): the module loaded again with process.platform
 * set to darwin, the path checked and used, and the folder's parent checked too.
 */
describe('place: by path (macOS)', () => {
  let place: typeof import('../../src/daemon/place.js');
  let loads = 0;
  beforeEach(async () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    Object.defineProperty(process, 'platform', { ...platform, value: 'darwin' });
    try {
      // A module of its own (the query), loaded now; every other module stays as loaded.
      const specifier = `../../src/daemon/place.js?darwin=${++loads}`;
      place = (await import(/* @vite-ignore */ specifier)) as typeof import('../../src/daemon/place.js');
    } finally {
      Object.defineProperty(process, 'platform', platform);
    }
  });

  it('is undefined for a folder not there; makes it (0700) when asked, and names entries by path', () => {
    const folder = path.join(freshPath(), 'docsnav');
    expect(place.openSocketFolder(folder, false)).toBeUndefined();
    const checked = place.openSocketFolder(folder, true) as CheckedFolder;
    expect(checked.folder).toBe(folder);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(checked.at('a.sock')).toBe(path.join(folder, 'a.sock'));
    checked.close();
    expect(descriptorsOn(folder)).toEqual([]);
  });

  it('refuses a symbolic link, a file and a folder others may use', () => {
    const target = ownFolder();
    const link = freshPath('l');
    symlinkSync(target, link);
    const file = freshPath('file');
    writeFileSync(file, '');
    for (const folder of [link, file]) {
      const error = thrown(() => place.openSocketFolder(folder, false));
      expect(error).toBeInstanceOf(place.NotOwnError);
      expect(error.message).toBe(`the daemon folder ${folder} is not a folder`);
    }
    const open = ownFolder();
    chmodSync(open, 0o710);
    expect(thrown(() => place.openSocketFolder(open, false)).message).toBe(`the daemon folder ${open} may be read or written by other users (mode 0710)`);
  });

  it('refuses a folder whose parent others may write; a parent others may only read passes', () => {
    const parent = ownFolder();
    const folder = ownFolder(path.join(parent, 'docsnav'));
    for (const mode of [0o770, 0o702]) {
      chmodSync(parent, mode);
      const error = thrown(() => place.openSocketFolder(folder, false));
      expect(error).toBeInstanceOf(place.NotOwnError);
      expect(error.message).toBe(`the daemon folder's parent ${parent} may be written by other users (mode 0${mode.toString(8)})`);
    }
    chmodSync(parent, 0o755);
    expect(place.openSocketFolder(folder, false)?.folder).toBe(folder);
  });

  it.runIf(ROOT)('refuses a folder whose parent another user owns (as root: chown to another uid)', () => {
    const parent = ownFolder();
    const folder = ownFolder(path.join(parent, 'docsnav'));
    chownSync(parent, OTHER_UID, OTHER_UID);
    const error = thrown(() => place.openSocketFolder(folder, false));
    expect(error).toBeInstanceOf(place.NotOwnError);
    expect(error.message).toBe(`the daemon folder's parent ${parent} belongs to user ${OTHER_UID}, not to this process's user (${me})`);
  });

  it('checks a socket by its path', async () => {
    const folder = place.openSocketFolder(ownFolder(), false) as CheckedFolder;
    await deadSocket(path.join(folder.folder, 's.sock'));
    expect(place.checkSocket(folder, 's.sock')).toBe(path.join(folder.folder, 's.sock'));
    expect(place.checkSocket(folder, 'none.sock')).toBeUndefined();
  });
});

describe('protocol', () => {
  it('is protocol 1, with requests of at most 1 MiB', () => {
    expect(PROTOCOL).toBe(1);
    expect(MAX_REQUEST_BYTES).toBe(1024 * 1024);
  });

  it('gives "source" as the build id when run from the sources (no build.json beside it)', () => {
    expect(existsSync(new URL('../../src/daemon/build.json', import.meta.url))).toBe(false);
    expect(buildId()).toBe('source');
  });

  it("gives a bundle's build id: 16 characters of the base64url sha256 of the build.json beside it, one per build", async () => {
    // The module copied beside a build.json, as scripts/bundle.mjs lays out dist/cli.
    const ids: string[] = [];
    for (const text of ['{"commit":"a"}\n', '{"commit":"b"}\n']) {
      const bundle = ownFolder();
      copyFileSync(fileURLToPath(new URL('../../src/daemon/protocol.ts', import.meta.url)), path.join(bundle, 'protocol.ts'));
      writeFileSync(path.join(bundle, 'build.json'), text);
      const copy = (await import(path.join(bundle, 'protocol.ts'))) as typeof import('../../src/daemon/protocol.js');
      ids.push(copy.buildId());
    }
    expect(ids).toEqual(['iiQUUNNfcVPKF7hD', 'LCDGtpvwOeXGmssg']);
  });
});
