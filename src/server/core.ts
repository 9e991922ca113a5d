/**
 * What the routes and the management commands call. Each function checks its input and the
 * caller's key, then does one thing through the store; HTTP shapes stay in the routes.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { authenticate, authorize, hashToken, newToken } from './auth.js';
import { HttpError } from './errors.js';
import { isValidBranch, normalizeRepo } from './git.js';
import { DEPLOYMENT_KIND } from './jobs/deployment-kind.js';
import { findDeployment, insertDeployment, type Deployment } from './store/deployments.js';
import { countQueued, enqueueJob } from './store/jobs.js';
import { insertKey, type KeyKind } from './store/keys.js';
import { findProject, insertProject, listProjects as listAllProjects, type Project } from './store/projects.js';
import type { Store } from './store/store.js';

export interface CoreOptions {
  /** Most update requests one project may have waiting (429 beyond). */
  maxQueuedPerProject: number;
}

export const DEFAULT_CORE_OPTIONS: CoreOptions = { maxQueuedPerProject: 1000 };

/** A management command's mistake (exit 2, one line). */
export class InputError extends Error {
  override name = 'InputError';
}

const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function isProjectId(id: string): boolean {
  return PROJECT_ID.test(id);
}

export class Core {
  constructor(
    readonly store: Store,
    readonly options: CoreOptions = DEFAULT_CORE_OPTIONS,
  ) {}

  async addProject(input: {
    id: string;
    repo: string;
    branch: string;
    docsDir?: string;
    domain?: string;
    compareUrl?: string;
    autoFix?: boolean;
  }): Promise<Project> {
    if (!isProjectId(input.id))
      throw new InputError(`project id "${input.id}" must be 1–100 letters, digits, ".", "_" or "-", starting with a letter or digit`);
    if (!isValidBranch(input.branch)) throw new InputError(`--branch "${input.branch}" is not a valid branch name`);
    const docsDir = normalizeDocsDir(input.docsDir ?? '.');
    if (input.domain !== undefined && !DOMAIN.test(input.domain))
      throw new InputError(`--domain "${input.domain}" must be lower-case letters, digits and "-" (like a subdomain)`);
    if (input.compareUrl !== undefined && (!/^https?:\/\/[^\s]+$/.test(input.compareUrl) || !input.compareUrl.includes('{branch}'))) {
      throw new InputError(`--compare-url "${input.compareUrl}" must be an http(s) URL with {branch} (and optionally {base}) in it`);
    }
    let repo: string;
    try {
      repo = normalizeRepo(input.repo);
    } catch (error) {
      throw new InputError((error as Error).message);
    }
    const project = await insertProject(this.store, {
      id: input.id,
      repo,
      branch: input.branch,
      docsDir,
      domain: input.domain ?? null,
      compareUrl: input.compareUrl ?? null,
      autoFix: input.autoFix ?? false,
    });
    if (!project) throw new InputError(`a project "${input.id}"${input.domain ? ` or the domain "${input.domain}"` : ''} already exists`);
    return project;
  }

  listProjects(): Promise<Project[]> {
    return listAllProjects(this.store);
  }

  /** Creates a key and returns its token: the only time it exists outside the caller's hands. */
  async createKey(projectId: string, kind: KeyKind): Promise<string> {
    if (!(await findProject(this.store, projectId))) throw new InputError(`no project "${projectId}" (see docsnav project list)`);
    const token = newToken(kind);
    await insertKey(this.store, { id: randomUUID(), projectId, kind, tokenHash: hashToken(token) });
    return token;
  }

  /** POST /v1/project/update/{projectId}: queue a deployment of the project's branch. */
  async queueUpdate(authorization: string | undefined, projectId: string): Promise<{ statusId: string }> {
    const key = await authenticate(this.store, authorization);
    const project = await findProject(this.store, projectId);
    if (!project) throw new HttpError(404, `no project "${projectId}"`);
    authorize(key, 'admin', projectId);
    const statusId = randomUUID();
    await this.store.transaction(async (tx) => {
      if ((await countQueued(tx, projectId)) >= this.options.maxQueuedPerProject) {
        throw new HttpError(429, `project "${projectId}" already has ${this.options.maxQueuedPerProject} updates waiting; try again when they have run`);
      }
      await insertDeployment(tx, { id: statusId, projectId, ref: project.branch, source: 'api' });
      await enqueueJob(tx, { id: statusId, kind: DEPLOYMENT_KIND, lane: projectId });
    });
    return { statusId };
  }

  /** GET /v1/project/update-status/{statusId}. */
  async updateStatus(authorization: string | undefined, statusId: string): Promise<{ deployment: Deployment; project: Project }> {
    const key = await authenticate(this.store, authorization);
    const deployment = await findDeployment(this.store, statusId);
    if (!deployment) throw new HttpError(404, `no update "${statusId}"`);
    authorize(key, 'admin', deployment.projectId);
    const project = (await findProject(this.store, deployment.projectId))!;
    return { deployment, project };
  }

  /** For /healthz: the database answers. */
  async healthy(): Promise<boolean> {
    try {
      await this.store.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }
}

/** `--docs-dir`: a relative folder inside the repository, in `/` form (`.` for the top). */
export function normalizeDocsDir(dir: string): string {
  const normalized = path.posix.normalize(dir.replace(/\\/g, '/')).replace(/\/+$/, '') || '.';
  if (path.posix.isAbsolute(normalized) || normalized === '..' || normalized.startsWith('../'))
    throw new InputError(`--docs-dir "${dir}" must be a folder inside the repository`);
  return normalized;
}
