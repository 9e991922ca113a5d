/**
 * The move tests' harness: a docs root written to a temporary folder, a move planned on it as a
 * user would ask for it (paths from the root), and what each file's text becomes.
 */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { MoveError, planMove, type MoveOptions, type MovePlan, type MoveRequest, type RefusalId } from '../../src/index.js';

/** Writes files (path -> text) into a new temporary folder (its real path); returns it. */
export function siteWith(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-move-')));
  writeFiles(root, files);
  return root;
}

export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
}

/** docs.json text: `navigation` (a list of pages is one group's), and any other keys, two-space indented. */
export function docsJson(navigation: string[] | Record<string, unknown>, more: Record<string, unknown> = {}): string {
  const nav = Array.isArray(navigation) ? { groups: [{ group: 'Docs', pages: navigation }] } : navigation;
  return `${JSON.stringify({ navigation: nav, ...more }, null, 2)}\n`;
}

/** The plan of a move on the site at `root` (its docs.json unless `docs` names another), paths read from the root. */
export function planOn(root: string, requests: MoveRequest | MoveRequest[], options: MoveOptions & { docs?: string } = {}): MovePlan {
  return planMove(path.join(root, options.docs ?? 'docs.json'), requests, { cwd: root, ...options });
}

/** Each changed file's text after the move, by where it is after it. */
export function textsAfter(plan: MovePlan): Record<string, string> {
  return Object.fromEntries(plan.changes.map((change) => [change.movedTo, change.after]));
}

/** The refusal a plan throws: its id and data. */
export function refusalOf(run: () => unknown): { reason: RefusalId; data: Record<string, string>; message: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MoveError);
    const { reason, data, message } = error as MoveError;
    expect(message).not.toContain('\n');
    return { reason, data: { ...data }, message };
  }
  throw new Error('the move was not refused');
}
