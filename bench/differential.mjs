/**
 * The differential run: generated sites (bench/differential/generate.mjs, seeded) built by the
 * platform's own build step (@mintlify/prebuild, which runs @mintlify/validation on docs.json;
 * installed on demand by bench/prebuild.mjs, never a dependency) and checked by docsnav with its
 * defaults, as `docsnav validate` runs with no config; verdicts, page URLs and titles compared
 * (bench/prebuild-diff.mjs). Each kind of difference is either a decision
 * (bench/differential/classify.mjs, with the reason docsnav is right) or a gap: the first sites
 * of each gap are shrunk to minimal sites.
 *
 *   node bench/differential.mjs [--count 10000] [--seed 1] [--shrink 2] [--profile platform|spec]
 *
 * Writes bench/.differential/<seed>-<count>/report.json (every difference, the minimal sites) and
 * prints a table of the kinds found; exit 1 when a difference is unexplained, 2 on a usage error.
 * Reproducible: a site is `generateCase(seed + i)`; `--seed S --count 1` rebuilds one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { decisionFor, differencesOf } from './differential/classify.mjs';
import { platformDrops } from './differential/drops.mjs';
import { generateCase } from './differential/generate.mjs';
import { shrink } from './differential/shrink.mjs';
import { diffSite } from './prebuild-diff.mjs';
import { ensurePrebuild } from './prebuild.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const LANES = 2;

/** Writes a site's files into a new temp folder; returns the folder. */
function writeSite(files) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docsnav-differential-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** The platform and docsnav on one site given as files. */
async function check(files, profile) {
  const dir = writeSite(files);
  try {
    const diff = await diffSite(dir, { reuse: true, profile });
    diff.drops = (await platformDrops(dir)).drops;
    return diff;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the differential; returns the report (also written to `out`). */
export async function runDifferential({ count = 10_000, seed = 1, shrinkPerKind = 2, profile = null, out, log = () => {} } = {}) {
  ensurePrebuild();
  const kinds = new Map(); // key -> { key, kind, sites: [seed], decision, minimal: [] }
  let next = 0;
  let done = 0;
  let builds = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      for (let i = next++; i < count; i = next++) {
        const site = generateCase(seed + i);
        const diff = await check(site.files, profile);
        if (diff.build) builds++;
        for (const difference of differencesOf(diff)) {
          const entry = kinds.get(difference.key) ?? { key: difference.key, kind: difference.kind, sites: [], explained: 0, decisions: new Set(), minimal: [] };
          kinds.set(difference.key, entry);
          const decision = decisionFor(difference, diff);
          if (decision) {
            entry.explained++;
            entry.decisions.add(decision.id);
          } else if (entry.sites.length < 50) entry.sites.push({ seed: site.seed, diff });
          else entry.more = (entry.more ?? 0) + 1;
        }
        if (++done % (count >= 5000 ? 500 : 25) === 0)
          log(`${done}/${count} sites, ${kinds.size} kinds of difference, ${((performance.now() - started) / 1000).toFixed(0)} s`);
      }
    }),
  );
  // The first sites of each unexplained kind, shrunk to a minimal site that still shows it.
  for (const entry of kinds.values()) {
    for (const { seed: caseSeed } of entry.sites.slice(0, shrinkPerKind)) {
      const { files } = generateCase(caseSeed);
      const stillFails = async (candidate) => {
        const diff = await check(candidate, profile);
        return differencesOf(diff).some((d) => d.key === entry.key && !decisionFor(d, diff));
      };
      const smallest = await shrink(files, stillFails);
      const diff = await check(smallest.files, profile);
      entry.minimal.push({ seed: caseSeed, tries: smallest.tries, files: smallest.files, diff });
      log(`shrunk ${entry.key} (site ${caseSeed}) in ${smallest.tries} builds`);
    }
  }
  const report = {
    count,
    seed,
    profile: profile ?? 'default',
    builds,
    seconds: Math.round((performance.now() - started) / 1000),
    kinds: [...kinds.values()].map((entry) => ({
      key: entry.key,
      kind: entry.kind,
      unexplained: entry.sites.length + (entry.more ?? 0),
      explained: entry.explained,
      decisions: [...entry.decisions],
      sites: entry.sites.map((s) => s.seed),
      examples: entry.sites.slice(0, 3).map((s) => s.diff),
      minimal: entry.minimal,
    })),
  };
  if (out) {
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  }
  return report;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let args;
  try {
    args = parseArgs({
      options: {
        count: { type: 'string', default: '10000' },
        seed: { type: 'string', default: '1' },
        shrink: { type: 'string', default: '2' },
        profile: { type: 'string' },
      },
    }).values;
  } catch (error) {
    console.error(`bench/differential.mjs: ${error.message}`);
    process.exit(2);
  }
  const count = Number(args.count);
  const seed = Number(args.seed);
  const shrinkPerKind = Number(args.shrink);
  if (![count, seed, shrinkPerKind].every(Number.isInteger) || (args.profile && !['platform', 'spec'].includes(args.profile))) {
    console.error('bench/differential.mjs: --count, --seed and --shrink take whole numbers; --profile platform or spec');
    process.exit(2);
  }
  const out = path.join(here, '.differential', `${seed}-${count}${args.profile ? `-${args.profile}` : ''}`);
  const report = await runDifferential({ count, seed, shrinkPerKind, profile: args.profile ?? null, out, log: (line) => console.error(line) });
  console.log(
    `${report.count} generated sites (seed ${report.seed}, docsnav's ${report.profile} profile): the platform built ${report.builds}; ${report.seconds} s`,
  );
  console.log('| kind of difference | unexplained sites | explained (decision) |');
  console.log('|---|---|---|');
  for (const kind of report.kinds)
    console.log(`| ${kind.key} | ${kind.unexplained} | ${kind.explained}${kind.decisions.length ? ` (${kind.decisions.join(', ')})` : ''} |`);
  const unexplained = report.kinds.filter((kind) => kind.unexplained > 0);
  console.log(
    unexplained.length === 0
      ? 'no unexplained difference'
      : `${unexplained.length} unexplained kinds: minimal sites in ${path.relative(process.cwd(), out)}/report.json`,
  );
  process.exitCode = unexplained.length === 0 ? 0 : 1;
}
