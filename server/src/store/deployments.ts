import type { PageTree, Problem } from 'docsnav';
import { checksum, DamagedPart } from './checksum.js';
import { isoDate } from './projects.js';
import type { Queryable } from './store.js';
import { json } from './storable.js';

type DeploymentStatus = 'queued' | 'in_progress' | 'success' | 'failure';

/** A type, not an interface: the route's response schema (an open object) accepts it as it is. */
export type FilesChanged = {
  added: string[];
  modified: string[];
  removed: string[];
};

/** A deployment as the status endpoint shows it (service-facts §1). */
export interface Deployment {
  id: string;
  projectId: string;
  status: DeploymentStatus;
  source: string;
  createdAt: string;
  endedAt: string | null;
  summary: string;
  logs: string[];
  commit: { sha: string | null; ref: string | null; message: string | null; filesChanged: FilesChanged | null };
  deployedBy: string | null;
}

interface DeploymentRow {
  id: string;
  project_id: string;
  status: DeploymentStatus;
  source: string;
  created_at: Date | string;
  ended_at: Date | string | null;
  summary: string;
  logs: string[];
  commit_sha: string | null;
  commit_ref: string | null;
  commit_message: string | null;
  files_changed: FilesChanged | null;
  deployed_by: string | null;
}

const COLUMNS = 'id, project_id, status, source, created_at, ended_at, summary, logs, commit_sha, commit_ref, commit_message, files_changed, deployed_by';

function toDeployment(row: DeploymentRow): Deployment {
  return {
    id: row.id,
    projectId: row.project_id,
    status: row.status,
    source: row.source,
    createdAt: isoDate(row.created_at)!,
    endedAt: isoDate(row.ended_at),
    summary: row.summary,
    logs: row.logs,
    commit: { sha: row.commit_sha, ref: row.commit_ref, message: row.commit_message, filesChanged: row.files_changed },
    deployedBy: row.deployed_by,
  };
}

export async function insertDeployment(db: Queryable, deployment: { id: string; projectId: string; ref: string; source: string }): Promise<void> {
  await db.query(`INSERT INTO deployments (id, project_id, commit_ref, source) VALUES ($1, $2, $3, $4)`, [
    deployment.id,
    deployment.projectId,
    deployment.ref,
    deployment.source,
  ]);
}

/** The deployment `id`; with `ownedBy`, only when it is that project's (one query, whether it is missing or another's). */
export async function findDeployment(db: Queryable, id: string, ownedBy?: string): Promise<Deployment | undefined> {
  const rows = await db.query<DeploymentRow>(`SELECT ${COLUMNS} FROM deployments WHERE id = $1 AND ($2::text IS NULL OR project_id = $2)`, [
    id,
    ownedBy ?? null,
  ]);
  return rows[0] && toDeployment(rows[0]);
}

export async function markInProgress(db: Queryable, ids: readonly string[]): Promise<void> {
  await db.query(`UPDATE deployments SET status = 'in_progress' WHERE id = ANY($1::text[]) AND status IN ('queued', 'in_progress')`, [ids]);
}

/** Appends lines to the logs of these deployments (visible while they run). */
export async function appendLogs(db: Queryable, ids: readonly string[], lines: readonly string[]): Promise<void> {
  if (lines.length === 0) return;
  await db.query(`UPDATE deployments SET logs = logs || $2::jsonb WHERE id = ANY($1::text[])`, [ids, json(lines)]);
}

export interface DeploymentOutcome {
  status: 'success' | 'failure';
  summary: string;
  logs: string[];
  commit?: { sha: string; message: string; filesChanged: FilesChanged | null };
  files?: Record<string, string>;
  /** How many parts of the page tree's JSON text were stored (`storeSections`): set with the outcome, once all are. */
  treeParts?: number;
  /** How many parts of the file map's JSON text were stored (`storeFilePart`): set with the outcome, once all are. */
  fileParts?: number;
  problems?: Problem[];
}

/** Ends a deployment (and those coalesced into it, whose summary says so) with its outcome. */
export async function finishDeployments(db: Queryable, mainId: string, otherIds: readonly string[], outcome: DeploymentOutcome, mainNote = ''): Promise<void> {
  await db.query(
    `UPDATE deployments SET status = $2, logs = logs || $4::jsonb, ended_at = now(), commit_sha = $5, commit_message = $6,
       summary = CASE WHEN id = $1 THEN $3 || $9 ELSE $3 || ' (this request was coalesced into deployment ' || $1 || ')' END,
       files_changed = $7::jsonb, deployed_by = $1, tree_parts = CASE WHEN id = $1 THEN $10::integer END,
       file_parts = CASE WHEN id = $1 THEN $11::integer END
     WHERE id = $1 OR id = ANY($8::text[])`,
    [
      mainId,
      outcome.status,
      outcome.summary,
      json(outcome.logs),
      outcome.commit?.sha ?? null,
      outcome.commit?.message ?? null,
      outcome.commit?.filesChanged ? json(outcome.commit.filesChanged) : null,
      otherIds,
      mainNote,
      outcome.treeParts ?? null,
      outcome.fileParts ?? null,
    ],
  );
}

/** A deployment's large result written by a statement of its own (its page tree and file map are stored in parts). */
export type ResultColumn = 'problems';

/**
 * The large results of an outcome, as column and JSON text: the problems of 100,000 pages are
 * MBs, and on the embedded database each statement holds the main thread, so each is written on
 * its own (`storeResult`) with requests answered between.
 */
export function resultColumns(outcome: DeploymentOutcome): { column: ResultColumn; json: string }[] {
  return outcome.problems ? [{ column: 'problems', json: json(outcome.problems) }] : [];
}

export async function storeResult(db: Queryable, id: string, column: ResultColumn, value: string): Promise<void> {
  await db.query(`UPDATE deployments SET ${column} = $2::jsonb WHERE id = $1`, [id, value]);
}

/** One part of a deployment's file map's JSON text (`jsonParts`), `part` counting from 0. */
export async function storeFilePart(db: Queryable, id: string, part: number, data: string): Promise<void> {
  await db.query('INSERT INTO file_parts (deployment_id, part, data, checksum) VALUES ($1, $2, $3, $4)', [id, part, data, checksum(data)]);
}

/**
 * The parts of a deployment's JSON text (`tree_parts` or `file_parts`), joined and parsed, once
 * each is checked: all `expected` there, in order, each matching its checksum, and the whole
 * parsing. Throws `DamagedPart` (`IncompleteTree` when a part is missing) saying which.
 */
async function partsJson<T>(db: Queryable, table: 'tree_parts' | 'file_parts', deploymentId: string, expected: number, what: string): Promise<T> {
  const parts = await db.query<{ part: number; data: string; checksum: string }>(
    `SELECT part, data, checksum FROM ${table} WHERE deployment_id = $1 ORDER BY part`,
    [deploymentId],
  );
  if (parts.length !== expected || parts.some((part, index) => Number(part.part) !== index))
    throw new IncompleteTree(`deployment ${deploymentId} has ${parts.length} of the ${expected} parts of its ${what}`);
  const bad = parts.find((part) => checksum(part.data) !== part.checksum);
  if (bad) throw new DamagedPart(`part ${bad.part} of the ${expected} of deployment ${deploymentId}'s ${what} does not match its checksum`);
  try {
    return JSON.parse(parts.map((part) => part.data).join('')) as T;
  } catch {
    throw new DamagedPart(`the ${what} of deployment ${deploymentId} is not JSON`);
  }
}

/** Replaces a deployment's file map with these parts of its JSON text (`jsonParts`), one statement each (a damaged one made again). */
export async function replaceFileParts(db: Queryable, id: string, parts: Iterable<string>): Promise<void> {
  await db.query('DELETE FROM file_parts WHERE deployment_id = $1', [id]);
  let part = 0;
  for (const data of parts) await storeFilePart(db, id, part++, data);
  await db.query('UPDATE deployments SET file_parts = $2, files = NULL WHERE id = $1', [id, part]);
}

/**
 * The file map (path -> blob id) of a deployment, for the next one's filesChanged: joined from
 * its parts, each checked (`partsJson`), or, for a deployment stored before 026_file_parts.sql,
 * from its `files` column. Undefined when none is stored (a pruned deployment: every file then
 * counts as added). A part missing or damaged throws `DamagedPart`: the caller makes the map
 * again from the deployment's commit.
 */
export async function deploymentFiles(db: Queryable, id: string): Promise<Record<string, string> | undefined> {
  const rows = await db.query<{ file_parts: number | null; files: Record<string, string> | null }>(
    'SELECT file_parts, CASE WHEN file_parts IS NULL THEN files END AS files FROM deployments WHERE id = $1',
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.file_parts === null) return row.files ?? undefined;
  const files = await partsJson<unknown>(db, 'file_parts', id, Number(row.file_parts), 'file map');
  if (typeof files !== 'object' || files === null || Array.isArray(files) || Object.values(files).some((blob) => typeof blob !== 'string'))
    throw new DamagedPart(`the file map of deployment ${id} is not a map of paths to blob ids`);
  return files as Record<string, string>;
}

export interface PageSection {
  pagePath: string;
  pageKind: 'page' | 'endpoint';
  pageTitle: string;
  pageDescription: string;
  hidden: boolean;
  trail: unknown[];
  heading: string | null;
  anchor: string | null;
  depth: number;
  body: string;
  /** The section's links to pages of the site: `href` is the target page's path (`guides/auth`), `text` the link's words. */
  links?: Array<{ href: string; text: string }> | null;
}

/** Stores page texts of a deployment from `position` on, in batches of one statement each. */
export async function insertPageSections(db: Queryable, deploymentId: string, sections: readonly PageSection[], position = 0): Promise<void> {
  await storeSections(db, deploymentId, {
    sections: sections.map((section, index) => ({ ...section, position: position + index, pageKey: null })),
    copies: [],
  });
}

/** A page section at its place in the deployment, with the key of what it was made from (none: never copied). */
export type StoredSection = PageSection & { position: number; pageKey: string | null };

/** Sections of the previous deployment (`count` from position `from`) stored again at position `to`. */
export interface CopyRun {
  from: number;
  to: number;
  count: number;
}

/** A part of a deployment's page tree: its JSON text joined in the order of `part` (from 0) is the tree's. */
interface TreePart {
  part: number;
  data: string;
}

/**
 * Page texts as a deployment's analysis sends them: new sections, and runs of the previous
 * deployment's to copy; and parts of its page tree (sent before the texts).
 */
export interface SectionsBatch {
  sections: StoredSection[];
  copies: CopyRun[];
  tree?: TreePart[];
}

/**
 * Stores a batch of a deployment's page texts: the new sections (one statement per 500) and
 * the previous deployment's sections of unchanged pages (`previousId`), copied in one statement.
 * A copy that does not find every row (the previous deployment was deleted meanwhile) fails.
 *
 * The copy names every position it reads, so each row is one lookup of the primary key. Joined
 * on a range (`position >= from AND position < from + count`), the planner read every section
 * of the previous deployment for each batch: copying 9,430 sections 50 at a time took 28-35 s on
 * the embedded database, against 1.0 s this way (and 1.1 s to insert them anew).
 */
export async function storeSections(db: Queryable, deploymentId: string, batch: SectionsBatch, previousId?: string): Promise<void> {
  const BATCH = 500;
  for (const part of batch.tree ?? []) {
    await db.query('INSERT INTO tree_parts (deployment_id, part, data, checksum) VALUES ($1, $2, $3, $4)', [
      deploymentId,
      part.part,
      part.data,
      checksum(part.data),
    ]);
  }
  for (let start = 0; start < batch.sections.length; start += BATCH) {
    await db.query(
      `INSERT INTO page_sections (deployment_id, position, page_path, page_kind, page_title, page_description, hidden, trail, heading, anchor, depth, body, page_key, links)
       SELECT $1, x."position", x."pagePath", x."pageKind", x."pageTitle", x."pageDescription", x.hidden, x.trail, x.heading, x.anchor, x.depth, x.body, x."pageKey", x.links
       FROM jsonb_to_recordset($2::jsonb) AS x("position" integer, "pagePath" text, "pageKind" text, "pageTitle" text, "pageDescription" text,
         hidden boolean, trail jsonb, heading text, anchor text, depth integer, body text, "pageKey" text, links jsonb)`,
      [deploymentId, json(batch.sections.slice(start, start + BATCH))],
    );
  }
  if (batch.copies.length === 0) return;
  if (!previousId) throw new Error('sections to copy without a previous deployment');
  const from: number[] = [];
  const to: number[] = [];
  for (const run of batch.copies) {
    for (let offset = 0; offset < run.count; offset++) {
      from.push(run.from + offset);
      to.push(run.to + offset);
    }
  }
  const rows = await db.query<{ copied: number }>(
    `WITH copied AS (
       INSERT INTO page_sections (deployment_id, position, page_path, page_kind, page_title, page_description, hidden, trail, heading, anchor, depth, body, page_key, links)
       SELECT $1, x.to_position, p.page_path, p.page_kind, p.page_title, p.page_description, p.hidden, p.trail, p.heading, p.anchor, p.depth, p.body, p.page_key, p.links
       FROM unnest($3::integer[], $4::integer[]) AS x(from_position, to_position)
       JOIN page_sections p ON p.deployment_id = $2 AND p.position = x.from_position
       RETURNING 1)
     SELECT count(*)::integer AS copied FROM copied`,
    [deploymentId, previousId, from, to],
  );
  if (Number(rows[0]?.copied) !== from.length) throw new Error(`copied ${rows[0]?.copied} of ${from.length} page sections of the previous deployment`);
}

/**
 * A batch cut into steps of at most `rows` new sections or `copiedRows` copied ones each (new
 * sections, then copied runs, a run cut where a step ends). On the embedded database every
 * statement runs on the server's main thread: a step is one short write, and other requests are
 * answered between two.
 */
export function batchSteps(batch: SectionsBatch, rows: number, copiedRows = rows): SectionsBatch[] {
  const steps: SectionsBatch[] = (batch.tree ?? []).map((part) => ({ sections: [], copies: [], tree: [part] }));
  for (let start = 0; start < batch.sections.length; start += rows) steps.push({ sections: batch.sections.slice(start, start + rows), copies: [] });
  let copies: CopyRun[] = [];
  let count = 0;
  for (const run of batch.copies) {
    for (let done = 0; done < run.count;) {
      const part = Math.min(run.count - done, copiedRows - count);
      copies.push({ from: run.from + done, to: run.to + done, count: part });
      done += part;
      count += part;
      if (count === copiedRows) {
        steps.push({ sections: [], copies });
        copies = [];
        count = 0;
      }
    }
  }
  if (copies.length > 0) steps.push({ sections: [], copies });
  return steps;
}

/** Where each page key's sections are in a deployment (first position and count), for the next deployment to copy. */
export interface PageRuns {
  runs: Record<string, { first: number; count: number }>;
  /** Files in which the deployment found an invalid character: a page reading one is made anew, so the problem is found again. */
  flagged: string[];
}

/** Past this many invalid-character problems a deployment stops checking texts: none of its pages is copied. */
const MOST_FLAGGED = 100;

/** The page runs of a successful deployment, for a later one to copy (none when it stored no keys). */
export async function reusablePages(db: Queryable, deploymentId: string): Promise<PageRuns | undefined> {
  const problems = await db.query<{ file: string }>(
    `SELECT p->>'file' AS file FROM deployments, jsonb_array_elements(COALESCE(problems, '[]'::jsonb)) AS p
     WHERE id = $1 AND status = 'success' AND p->>'code' = 'invalid-character'`,
    [deploymentId],
  );
  if (problems.length >= MOST_FLAGGED) return undefined;
  const rows = await db.query<{ page_key: string; first: number; count: number }>(
    `SELECT page_key, min(position) AS first, count(*)::integer AS count FROM page_sections
     WHERE deployment_id = $1 AND page_key IS NOT NULL GROUP BY page_key`,
    [deploymentId],
  );
  if (rows.length === 0) return undefined;
  const runs: PageRuns['runs'] = {};
  for (const row of rows) runs[row.page_key] = { first: Number(row.first), count: Number(row.count) };
  return { runs, flagged: problems.map((problem) => problem.file) };
}

/** Drops the parts of a deployment's file map (a retry starting over, an abandoned deployment). */
export async function deleteFileParts(db: Queryable, deploymentId: string): Promise<void> {
  await db.query('DELETE FROM file_parts WHERE deployment_id = $1', [deploymentId]);
}

/** Drops a deployment's page texts and the parts of its tree (a failed run, or a retry starting over). */
export async function deletePageSections(db: Queryable, deploymentId: string): Promise<void> {
  await db.query('DELETE FROM page_sections WHERE deployment_id = $1', [deploymentId]);
  await db.query('DELETE FROM tree_parts WHERE deployment_id = $1', [deploymentId]);
}

/** Stored parts not all there (deleted, or never finished): the deployment's tree (or file map) is not known. */
export class IncompleteTree extends DamagedPart {
  override name = 'IncompleteTree';
}

/**
 * A deployment's page tree, as its analysis made it: joined from its parts, each checked
 * (`partsJson`), or, for a deployment stored before the tree was stored in parts, from its
 * `tree` column. Undefined when none is stored (a failed or pruned deployment). A tree missing a
 * part throws `IncompleteTree`, one with a damaged part `DamagedPart`: the tree is made again
 * only by deploying the commit again (nothing in the server reads it back but its tests yet).
 */
export async function deploymentTree(db: Queryable, deploymentId: string): Promise<PageTree | undefined> {
  const rows = await db.query<{ tree_parts: number | null; tree: PageTree | null }>(
    'SELECT tree_parts, CASE WHEN tree_parts IS NULL THEN tree END AS tree FROM deployments WHERE id = $1',
    [deploymentId],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.tree_parts === null) return row.tree ?? undefined;
  return partsJson<PageTree>(db, 'tree_parts', deploymentId, Number(row.tree_parts), 'page tree');
}

type SectionRow = {
  position: number;
  page_path: string;
  page_kind: 'page' | 'endpoint';
  page_title: string;
  page_description: string;
  hidden: boolean;
  trail: unknown[];
  heading: string | null;
  anchor: string | null;
  depth: number;
  body: string;
  links: Array<{ href: string; text: string }> | null;
};

const SECTION_COLUMNS = 'position, page_path, page_kind, page_title, page_description, hidden, trail, heading, anchor, depth, body, links';

function toSection(row: SectionRow): PageSection {
  return {
    pagePath: row.page_path,
    pageKind: row.page_kind,
    pageTitle: row.page_title,
    pageDescription: row.page_description,
    hidden: row.hidden,
    trail: row.trail,
    heading: row.heading,
    anchor: row.anchor,
    depth: row.depth,
    body: row.body,
    ...(row.links ? { links: row.links } : {}),
  };
}

export async function pageSections(db: Queryable, deploymentId: string): Promise<PageSection[]> {
  const rows = await db.query<SectionRow>(`SELECT ${SECTION_COLUMNS} FROM page_sections WHERE deployment_id = $1 ORDER BY position`, [deploymentId]);
  return rows.map(toSection);
}

/** Up to `limit` sections after position `after`, in order, and the last one's position. */
export async function pageSectionsPage(db: Queryable, deploymentId: string, after: number, limit: number): Promise<{ sections: PageSection[]; last: number }> {
  const rows = await db.query<SectionRow>(
    `SELECT ${SECTION_COLUMNS} FROM page_sections WHERE deployment_id = $1 AND position > $2 ORDER BY position LIMIT $3`,
    [deploymentId, after, limit],
  );
  return { sections: rows.map(toSection), last: rows.length > 0 ? Number(rows[rows.length - 1].position) : after };
}
