/**
 * What the routes and the management commands call. Each function checks its input and the
 * caller's key, then does one thing through the store; HTTP shapes stay in the routes.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { hashToken, newToken } from './http/auth.js';
import type { DiskSpace } from './host/disk.js';
import { HttpError } from './http/errors.js';
import { isValidBranch, normalizeRepo } from './repository/guards.js';
import { normalizeOrigins, ORIGINS_HELP } from './http/origins.js';
import { DEPLOYMENT_KIND } from './jobs/deployment-kind.js';
import { insertDeployment, type Deployment } from './store/deployments.js';
import { countQueued, enqueueJob } from './store/jobs.js';
import { deleteKey, insertKey, listKeys as listAllKeys, type KeyKind, type KeyListing } from './store/keys.js';
import {
  deleteProject,
  findProject,
  insertProject,
  listProjects as listAllProjects,
  updateProject,
  type Project,
  type ProjectChanges,
} from './store/projects.js';
import type { Store } from './store/store.js';

export interface CoreOptions {
  /** Most update requests one project may have waiting (429 beyond). */
  maxQueuedPerProject: number;
  /** The data folder's disk, when this process watches it (/healthz says when it is low). */
  disk?: DiskSpace;
}

export const DEFAULT_CORE_OPTIONS: CoreOptions = { maxQueuedPerProject: 1000 };

/** A management command's mistake (exit 2, one line). */
export class InputError extends Error {
  override name = 'InputError';
}

const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function isProjectId(id: string): boolean {
  return PROJECT_ID.test(id);
}

export class Core {
  constructor(
    readonly store: Store,
    readonly options: CoreOptions = DEFAULT_CORE_OPTIONS,
  ) {}

  async addProject(input: ProjectInput & { id: string; repo: string; branch: string }): Promise<Project> {
    if (!isProjectId(input.id))
      throw new InputError(`project id "${input.id}" must be 1–100 letters, digits, ".", "_" or "-", starting with a letter or digit`);
    const settings = checkProjectInput(input);
    const project = await insertProject(this.store, {
      id: input.id,
      repo: settings.repo!,
      branch: settings.branch!,
      docsDir: settings.docsDir ?? '.',
      domain: settings.domain ?? null,
      compareUrl: settings.compareUrl ?? null,
      autoFix: settings.autoFix ?? false,
      corsOrigins: settings.corsOrigins ?? null,
    });
    if (!project) throw new InputError(`a project "${input.id}"${input.domain ? ` or the domain "${input.domain}"` : ''} already exists`);
    return project;
  }

  /** Changes a project's settings (its next deployment uses them). */
  async updateProject(id: string, input: ProjectInput): Promise<Project> {
    const changes = checkProjectInput(input);
    let project: Project | undefined;
    try {
      project = await updateProject(this.store, id, changes);
    } catch (error) {
      if (/unique|duplicate/i.test((error as Error).message)) throw new InputError(`the domain "${input.domain}" belongs to another project`);
      throw error;
    }
    if (!project) throw new InputError(`no project "${id}" (see docsnav project list)`);
    return project;
  }

  /** Removes a project and everything of it (keys, deployments, threads, sessions, queued jobs). */
  async removeProject(id: string): Promise<void> {
    if (!(await this.store.transaction((tx) => deleteProject(tx, id)))) throw new InputError(`no project "${id}" (see docsnav project list)`);
  }

  listProjects(): Promise<Project[]> {
    return listAllProjects(this.store);
  }

  /** Creates a key and returns its id and token: the only time the token exists outside the caller's hands. */
  async createKey(projectId: string, kind: KeyKind): Promise<{ id: string; token: string }> {
    if (!(await findProject(this.store, projectId))) throw new InputError(`no project "${projectId}" (see docsnav project list)`);
    const token = newToken(kind);
    const id = randomUUID();
    await insertKey(this.store, { id, projectId, kind, tokenHash: hashToken(token) });
    return { id, token };
  }

  /** Keys (never their tokens), of one project or all. */
  listKeys(projectId?: string): Promise<KeyListing[]> {
    return listAllKeys(this.store, projectId);
  }

  /** Revokes a key at once: its next request gets 401. */
  async revokeKey(id: string): Promise<void> {
    if (!(await deleteKey(this.store, id))) throw new InputError(`no key "${id}" (see docsnav key list)`);
  }

  /** POST /v1/project/update/{projectId}: queue a deployment of the project's branch (the route checked the caller's key). */
  async queueUpdate(projectId: string): Promise<{ statusId: string }> {
    const project = await findProject(this.store, projectId);
    if (!project) throw new HttpError(404, `no project "${projectId}"`);
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

  /** GET /v1/project/update-status/{statusId}: the deployment (the route found it, the caller's) and its project. */
  async updateStatus(deployment: Deployment): Promise<{ deployment: Deployment; project: Project }> {
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

/** A project's settings as the commands give them. */
export interface ProjectInput {
  repo?: string;
  branch?: string;
  docsDir?: string;
  domain?: string;
  compareUrl?: string;
  autoFix?: boolean;
  /** Origins whose pages may call the project's assistant (`*` for any). */
  corsOrigins?: string[];
}

/** Checks (and normalizes) a project's settings; a mistake is an InputError naming the flag. */
function checkProjectInput(input: ProjectInput): ProjectChanges {
  const changes: ProjectChanges = {};
  if (input.branch !== undefined) {
    if (!isValidBranch(input.branch)) throw new InputError(`--branch "${input.branch}" is not a valid branch name`);
    changes.branch = input.branch;
  }
  if (input.docsDir !== undefined) changes.docsDir = normalizeDocsDir(input.docsDir);
  if (input.domain !== undefined) {
    if (!DOMAIN.test(input.domain)) throw new InputError(`--domain "${input.domain}" must be lower-case letters, digits and "-" (like a subdomain)`);
    changes.domain = input.domain;
  }
  if (input.compareUrl !== undefined) {
    if (!/^https?:\/\/[^\s]+$/.test(input.compareUrl) || !input.compareUrl.includes('{branch}'))
      throw new InputError(`--compare-url "${input.compareUrl}" must be an http(s) URL with {branch} (and optionally {base}) in it`);
    changes.compareUrl = input.compareUrl;
  }
  if (input.repo !== undefined) {
    try {
      changes.repo = normalizeRepo(input.repo);
    } catch (error) {
      throw new InputError((error as Error).message);
    }
  }
  if (input.autoFix !== undefined) changes.autoFix = input.autoFix;
  if (input.corsOrigins !== undefined) {
    const { origins, wrong } = normalizeOrigins(input.corsOrigins);
    if (wrong !== undefined || origins.length === 0) throw new InputError(`--origins ${ORIGINS_HELP}${wrong !== undefined ? ` (got "${wrong}")` : ''}`);
    changes.corsOrigins = origins;
  }
  return changes;
}

/** `--docs-dir`: a relative folder inside the repository, in `/` form (`.` for the top). */
function normalizeDocsDir(dir: string): string {
  const normalized = path.posix.normalize(dir.replace(/\\/g, '/')).replace(/\/+$/, '') || '.';
  if (path.posix.isAbsolute(normalized) || normalized === '..' || normalized.startsWith('../'))
    throw new InputError(`--docs-dir "${dir}" must be a folder inside the repository`);
  return normalized;
}
