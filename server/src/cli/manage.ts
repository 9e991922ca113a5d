/**
 * Management (projects and keys) as requests: the same request runs in this process or in a
 * running `serve` that holds the data folder, sent over its socket. So an operator manages a
 * live server with the CLI, no restart and no HTTP admin API (and no operator token to guard):
 * who can open the data folder's socket (its owner, 0700) can manage it.
 */
import type { Core, ProjectInput } from '../core.js';
import type { CommandIo } from './options.js';
import { InputError } from '../core.js';
import { sendControl, type ControlRequest, type ControlResponse } from '../host/data-folder.js';
import { displayRepo } from '../messages/redact.js';
import type { KeyKind, KeyListing } from '../store/keys.js';
import type { Project } from '../store/projects.js';
import { projectWarnings, type ProjectCheckContext } from './project-checks.js';

/** A project added or changed, with what the first deployment would fail on (`warnings`, one line each). */
type CheckedProject = Project & { warnings?: string[] };

export type ManagementRequest =
  | { op: 'project.add'; args: ProjectInput & { id: string; repo: string; branch: string } }
  | { op: 'project.update'; args: ProjectInput & { id: string } }
  | { op: 'project.remove'; args: { id: string } }
  | { op: 'project.list'; args: Record<string, never> }
  | { op: 'key.create'; args: { project: string; kind: KeyKind } }
  | { op: 'key.list'; args: { project?: string } }
  | { op: 'key.revoke'; args: { id: string } };

/**
 * Runs a request against `core` (in serve, for the socket; or in the CLI's own process). A
 * project added, or whose repository or branch changed, is checked as its deployments will find
 * it (`checks`: the deploying process's allowed local folders), and warned about.
 */
export async function applyManagement(core: Core, request: ControlRequest, checks: ProjectCheckContext = { localRoots: [] }): Promise<ControlResponse> {
  const { op, args } = request as ManagementRequest;
  try {
    const result = await (async () => {
      switch (op) {
        case 'project.add':
          return withWarnings(await core.addProject(args), checks);
        case 'project.update': {
          const project = await core.updateProject(args.id, args);
          return args.repo !== undefined || args.branch !== undefined ? withWarnings(project, checks) : project;
        }
        case 'project.remove':
          return core.removeProject(args.id);
        case 'project.list':
          return core.listProjects();
        case 'key.create':
          return core.createKey(args.project, args.kind);
        case 'key.list':
          return core.listKeys(args.project);
        case 'key.revoke':
          return core.revokeKey(args.id);
        default:
          throw new InputError(`unknown management request "${String(op)}" (is this docsnav the same version as the server's?)`);
      }
    })();
    return { ok: true, result: result ?? null };
  } catch (error) {
    if (error instanceof InputError) return { ok: false, error: error.message, usage: true };
    return { ok: false, error: (error as Error)?.message ?? String(error) };
  }
}

async function withWarnings(project: Project, checks: ProjectCheckContext): Promise<CheckedProject> {
  const warnings = await projectWarnings(project, checks);
  return warnings.length > 0 ? { ...project, warnings } : project;
}

/**
 * Runs `request`: with PostgreSQL, against it directly; with the embedded database, through
 * the process that holds the data folder, or (nobody does) by taking the folder here.
 */
export async function runManagement(
  request: ManagementRequest,
  where: { data: string; database?: string },
  checks: ProjectCheckContext = { localRoots: [] },
): Promise<unknown> {
  let response: ControlResponse | undefined;
  if (where.database === undefined) response = await sendControl(where.data, request);
  if (!response) {
    const { openStore } = await import('../store/open.js');
    const { Core } = await import('../core.js');
    const store = await openStore(where.database !== undefined ? { database: where.database } : { data: where.data });
    try {
      response = await applyManagement(new Core(store), request, checks);
    } finally {
      await store.close();
    }
  }
  if (!response.ok) throw new InputError(response.error);
  return response.result;
}

function projectLine(project: Project): string {
  return `${project.id}\t${displayRepo(project.repo)}\t${project.branch}\t${project.docsDir}\t${project.domain ?? '-'}\t${project.currentDeploymentId ?? 'not deployed'}`;
}

function printWarnings(project: CheckedProject, io: CommandIo): void {
  for (const warning of project.warnings ?? []) io.stderr(`warning: ${warning}\n`);
}

/** What a management command prints: data on stdout, remarks on stderr. */
export function printManagement(request: ManagementRequest, result: unknown, io: CommandIo): void {
  switch (request.op) {
    case 'project.add': {
      const added = result as CheckedProject;
      io.stdout(
        `added project ${added.id}: ${displayRepo(added.repo)} branch ${added.branch}, docs in ${added.docsDir}${added.domain ? `, domain ${added.domain}` : ''}\n`,
      );
      printWarnings(added, io);
      return;
    }
    case 'project.update':
      io.stdout(`updated project ${projectLine(result as Project)}\n`);
      printWarnings(result as CheckedProject, io);
      return;
    case 'project.remove':
      io.stdout(`removed project ${request.args.id}\n`);
      return;
    case 'project.list': {
      const projects = result as Project[];
      if (projects.length === 0) io.stderr('no projects yet (docsnav project add <id> --repo … --branch …)\n');
      for (const project of projects) io.stdout(`${projectLine(project)}\n`);
      return;
    }
    case 'key.create': {
      const key = result as { id: string; token: string };
      io.stdout(`${key.token}\n`);
      io.stderr(`key ${key.id} (revoke with: docsnav key revoke ${key.id}); the token above is not shown again\n`);
      return;
    }
    case 'key.list': {
      const keys = result as KeyListing[];
      if (keys.length === 0) io.stderr('no keys (docsnav key create --project <id> --kind admin|assistant)\n');
      for (const key of keys) io.stdout(`${key.id}\t${key.projectId}\t${key.kind}\t${key.createdAt}\n`);
      return;
    }
    case 'key.revoke':
      io.stdout(`revoked key ${request.args.id}\n`);
      return;
  }
}
