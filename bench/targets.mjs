/**
 * The targets `npm run bench` checks, in one table at the end of the run. Each part of the bench
 * (this folder's run.mjs, resolve-sites.mjs, the server's bench scripts, each its own process)
 * records what it measured against a target with `recordTarget`; `printTargets` prints them all,
 * with the figure each replaces (`before`, as it was measured on main before the work that
 * changed it) beside the one measured now.
 *
 * Records go to bench/.out/targets.jsonl, which `resetTargets` empties at the start of a run.
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '.out');
const file = path.join(out, 'targets.jsonl');

export function resetTargets() {
  mkdirSync(out, { recursive: true });
  writeFileSync(file, '');
}

/**
 * One target: `target` says what is wanted ("≥ 8× the incumbent"), `before` the figure it
 * replaces, `measured` what this run saw, `met` whether it meets the target.
 * @param {{ area: string, target: string, before: string, measured: string, met: boolean }} record
 */
export function recordTarget(record) {
  mkdirSync(out, { recursive: true });
  appendFileSync(file, `${JSON.stringify(record)}\n`);
}

/** The table of every target recorded in this run; how many are met. */
export function printTargets() {
  let records = [];
  try {
    records = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    // Nothing recorded.
  }
  const met = records.filter((r) => r.met).length;
  const table = [
    `Targets: ${met} of ${records.length} met in this run.`,
    '',
    '| area | target | before | now | met |',
    '|---|---|---|---|---|',
    ...records.map((r) => `| ${r.area} | ${r.target} | ${r.before} | ${r.measured} | ${r.met ? 'yes' : '**no**'} |`),
  ].join('\n');
  writeFileSync(path.join(out, 'targets.md'), `${table}\n`);
  console.log(table);
  return { met, total: records.length };
}
