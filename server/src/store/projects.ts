import type { Queryable } from './store.js';

export interface Project {
  id: string;
  repo: string;
  branch: string;
  docsDir: string;
  domain: string | null;
  /** A URL template for reviewing a fix branch ({branch}, {base}); null: `repo#branch`. */
  compareUrl: string | null;
  /** A repair job follows each deployment with fixable problems. */
  autoFix: boolean;
  /** Origins whose pages may call the project's assistant; null: the server's `--cors-origins`. */
  corsOrigins: string[] | null;
  currentDeploymentId: string | null;
  createdAt: string;
}

const COLUMNS = 'id, repo, branch, docs_dir, domain, compare_url, auto_fix, cors_origins, current_deployment_id, created_at';

interface ProjectRow {
  id: string;
  repo: string;
  branch: string;
  docs_dir: string;
  domain: string | null;
  compare_url: string | null;
  auto_fix: boolean;
  cors_origins: string | null;
  current_deployment_id: string | null;
  created_at: Date | string;
}

function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    repo: row.repo,
    branch: row.branch,
    docsDir: row.docs_dir,
    domain: row.domain,
    compareUrl: row.compare_url,
    autoFix: row.auto_fix,
    corsOrigins: row.cors_origins === null ? null : row.cors_origins.split(','),
    currentDeploymentId: row.current_deployment_id,
    createdAt: isoDate(row.created_at)!,
  };
}

export function isoDate(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export async function insertProject(
  db: Queryable,
  project: Omit<Project, 'currentDeploymentId' | 'createdAt' | 'compareUrl' | 'autoFix' | 'corsOrigins'> & {
    compareUrl?: string | null;
    autoFix?: boolean;
    corsOrigins?: string[] | null;
  },
): Promise<Project | undefined> {
  const rows = await db.query<ProjectRow>(
    `INSERT INTO projects (id, repo, branch, docs_dir, domain, compare_url, auto_fix, cors_origins) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
    [
      project.id,
      project.repo,
      project.branch,
      project.docsDir,
      project.domain,
      project.compareUrl ?? null,
      project.autoFix ?? false,
      project.corsOrigins ? project.corsOrigins.join(',') : null,
    ],
  );
  return rows[0] && toProject(rows[0]);
}

/** The project `id`; with `ownedBy`, only when it is that project (a key's: one query, whether it is missing or another's). */
export async function findProject(db: Queryable, id: string, ownedBy?: string): Promise<Project | undefined> {
  const rows = await db.query<ProjectRow>(`SELECT ${COLUMNS} FROM projects WHERE id = $1 AND ($2::text IS NULL OR id = $2)`, [id, ownedBy ?? null]);
  return rows[0] && toProject(rows[0]);
}

/** The project of `domain`; with `ownedBy`, only when it is that project (a key's: one query, whether the domain is unknown or another's). */
export async function findProjectByDomain(db: Queryable, domain: string, ownedBy?: string): Promise<Project | undefined> {
  const rows = await db.query<ProjectRow>(`SELECT ${COLUMNS} FROM projects WHERE domain = $1 AND ($2::text IS NULL OR id = $2)`, [domain, ownedBy ?? null]);
  return rows[0] && toProject(rows[0]);
}

export async function listProjects(db: Queryable): Promise<Project[]> {
  return (await db.query<ProjectRow>(`SELECT ${COLUMNS} FROM projects ORDER BY id`)).map(toProject);
}

export async function setCurrentDeployment(db: Queryable, projectId: string, deploymentId: string): Promise<void> {
  await db.query('UPDATE projects SET current_deployment_id = $2 WHERE id = $1', [projectId, deploymentId]);
}

export type ProjectChanges = Partial<Pick<Project, 'repo' | 'branch' | 'docsDir' | 'domain' | 'compareUrl' | 'autoFix' | 'corsOrigins'>>;

const CHANGE_COLUMNS: Record<keyof ProjectChanges, string> = {
  repo: 'repo',
  branch: 'branch',
  docsDir: 'docs_dir',
  domain: 'domain',
  compareUrl: 'compare_url',
  autoFix: 'auto_fix',
  corsOrigins: 'cors_origins',
};

/** Changes a project's settings; undefined when there is no such project. */
export async function updateProject(db: Queryable, id: string, changes: ProjectChanges): Promise<Project | undefined> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined) as Array<[keyof ProjectChanges, unknown]>;
  if (entries.length === 0) return findProject(db, id);
  const sets = entries.map(([key], index) => `${CHANGE_COLUMNS[key]} = $${index + 2}`).join(', ');
  const values = entries.map(([, value]) => (Array.isArray(value) ? value.join(',') : value));
  const rows = await db.query<ProjectRow>(`UPDATE projects SET ${sets} WHERE id = $1 RETURNING ${COLUMNS}`, [id, ...values]);
  return rows[0] && toProject(rows[0]);
}

/**
 * Removes a project with its keys, deployments, texts, threads and sessions; its queued jobs
 * go too (a running one finds the project gone and ends). True when there was one.
 */
export async function deleteProject(db: Queryable, id: string): Promise<boolean> {
  await db.query(`DELETE FROM jobs WHERE lane = $1 AND state = 'queued'`, [id]);
  return (await db.query('DELETE FROM projects WHERE id = $1 RETURNING id', [id])).length > 0;
}
