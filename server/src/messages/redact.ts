/**
 * What the server shows of itself: a repository URL's credentials never leave it (deployment
 * logs, summaries, agent sessions, the server's own log, `project list`), and neither do its
 * own folders: files are spoken of by their path in the repository.
 */

/** A database URL with its password as `***`, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the database URL';
  }
}

const URL_WITH_USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)([^/@]*)@/i;

/**
 * A repository as it may be shown: `https://host/acme/docs.git` for
 * `https://user:token@host/acme/docs.git`. The user of an ssh URL stays (`git@host:…`, not a
 * secret); its password does not.
 */
export function displayRepo(repo: string): string {
  const match = URL_WITH_USERINFO.exec(repo);
  if (!match) return repo;
  const [whole, scheme, userinfo] = match;
  if (/^ssh:/i.test(scheme)) {
    const user = userinfo.split(':')[0];
    return `${scheme}${user}@${repo.slice(whole.length)}`;
  }
  return `${scheme}${repo.slice(whole.length)}`;
}

/** The strings of a repository URL that are secret: its password or token, raw and decoded, and the userinfo. */
function repoSecrets(repo: string): string[] {
  const match = URL_WITH_USERINFO.exec(repo);
  if (!match) return [];
  const userinfo = match[2];
  const secrets = new Set<string>();
  const colon = userinfo.indexOf(':');
  const password = colon >= 0 ? userinfo.slice(colon + 1) : '';
  // A URL with only a user name (`https://token@host`) carries the token as the user.
  const secret = password || (/^ssh:/i.test(match[1]) ? '' : userinfo);
  for (const value of [secret, userinfo]) {
    if (!value || (value === userinfo && !secret)) continue;
    secrets.add(value);
    try {
      secrets.add(decodeURIComponent(value));
    } catch {
      // not percent-encoded
    }
  }
  return [...secrets].filter((value) => value.length >= 3).sort((a, b) => b.length - a.length);
}

/** Replaces secrets and local paths in text that leaves the server. */
export class Redactor {
  private readonly replacements: Array<[string, string]>;

  /**
   * `secrets` become `***`; each `paths` entry's folder becomes its label (longest first, so a
   * worktree inside the data folder is named as the worktree). A label of `''` makes the paths
   * under it relative to it.
   */
  constructor(secrets: readonly string[], paths: ReadonlyArray<{ folder: string; label: string }> = []) {
    const folders = [...paths].sort((a, b) => b.folder.length - a.folder.length);
    this.replacements = [
      ...secrets.filter(Boolean).map((secret): [string, string] => [secret, '***']),
      ...folders.flatMap(({ folder, label }): Array<[string, string]> =>
        label === ''
          ? [
              [`${folder}/`, ''],
              [folder, '.'],
            ]
          : [[folder, label]],
      ),
    ];
  }

  /** A redactor for a project's repository and this process's folders. */
  static forRepo(repo: string, paths: ReadonlyArray<{ folder: string; label: string }> = []): Redactor {
    return new Redactor(repoSecrets(repo), paths);
  }

  text(value: string): string {
    let result = value;
    for (const [from, to] of this.replacements) if (result.includes(from)) result = result.split(from).join(to);
    return result;
  }

  /** `value` with every string in it redacted (a copy; keys stay). */
  deep<T>(value: T): T {
    if (typeof value === 'string') return this.text(value) as T;
    if (Array.isArray(value)) return value.map((item: unknown) => this.deep(item)) as T;
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.deep(item as unknown)])) as T;
    }
    return value;
  }
}
