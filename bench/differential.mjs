/**
 * The differential run: sites generated from the platform's own schema (bench/differential/
 * generate.mjs on the model bench/differential/schema.mjs reads from @mintlify/validation), each
 * built by the platform's own build step (@mintlify/prebuild, which validates with
 * @mintlify/validation; both installed on demand by bench/prebuild.mjs, never dependencies) and
 * checked by docsnav with its defaults, as `docsnav validate` runs with no config. Verdicts, every
 * error docsnav reports, what the validator or the build drops, page URLs and titles are compared
 * one by one (bench/differential/classify.mjs); each difference is a decision
 * (bench/differential/decisions.mjs: a reason, evidence from the site's build, a test) or a gap,
 * and the first sites of each gap are shrunk to minimal sites. Fields and nestings the schema
 * admits that no generated site wrote are listed as coverage gaps.
 *
 *   node bench/differential.mjs [--count 10000] [--seed 1] [--shrink 2] [--workers N] [--profile platform|spec]
 *   node bench/differential.mjs --ci          100 sites on a seed derived from the commit (git rev-parse HEAD)
 *   node bench/differential.mjs --decisions   the decisions as a Markdown table (docs/differential.md)
 *
 * A pool of `--workers` build lanes (default: the machine's cores, at least 2), each a long-lived
 * child that imports prebuild once (bench/prebuild.mjs); docsnav and the validator run here.
 * Writes bench/.differential/<seed>-<count>/report.json (every kind, its sites, minimal sites,
 * coverage, timing and load) and prints a table; exit 1 when a difference is unexplained, 2 on a
 * usage error or when the platform's packages cannot be installed (one line saying why).
 * Reproducible: a site is generated from `seed + i`; `--seed S --count 1` rebuilds one.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { differencesOf } from './differential/classify.mjs';
import { decisionFor, decisionsTable } from './differential/decisions.mjs';
import { platformDrops, platformServedFiles, platformValidation } from './differential/drops.mjs';
import { EXTRA_TARGETS, makeGenerator } from './differential/generate.mjs';
import { coverageGaps, platformModel } from './differential/schema.mjs';
import { shrink } from './differential/shrink.mjs';
import { diffSite } from './prebuild-diff.mjs';
import { ensurePrebuild, InstallError } from './prebuild.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Writes a site's files into a new temp folder; returns the folder. */
function writeSite(files) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docsnav-differential-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** The platform and docsnav on one site given as files: `{ diff, drops }` (what classify.mjs reads). */
export async function checkSite(files, profile = null) {
  const dir = writeSite(files);
  try {
    const diff = await diffSite(dir, { reuse: true, profile });
    const drops = files['docs.json'] === undefined ? { accepted: diff.build, drops: [], mounts: [] } : await platformDrops(dir);
    return { diff, drops, files: Object.keys(files), served: await platformServedFiles(files) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The differences of a checked site, each with the decision that explains it (or none). */
export function judge(site) {
  return differencesOf(site).map((difference) => ({ difference, decision: decisionFor(difference, site) }));
}

/** The seed CI uses: the commit's first 8 hex digits as a number (another commit, other sites). */
export function commitSeed(cwd = here) {
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd, encoding: 'utf8' }).trim();
  return Number.parseInt(head.slice(0, 8), 16);
}

/** Runs the differential; returns the report (also written to `out`). */
export async function runDifferential({ count = 10_000, seed = 1, shrinkPerKind = 2, shrinkBudget = 400, workers, profile = null, out, log = () => {} } = {}) {
  ensurePrebuild();
  const model = platformModel(await platformValidation());
  const generateCase = makeGenerator(model);
  const lanes = Math.max(1, workers ?? Math.max(2, os.availableParallelism()));
  const kinds = new Map(); // key -> { key, kind, unexplained: [seed], explained, decisions: Map }
  const written = new Set();
  let next = 0;
  let done = 0;
  let builds = 0;
  let agreeing = 0;
  const started = performance.now();
  const loadBefore = os.loadavg();
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let i = next++; i < count; i = next++) {
        const generated = generateCase(seed + i);
        for (const target of generated.written) written.add(target);
        const site = await checkSite(generated.files, profile);
        if (site.diff.build) builds++;
        let gaps = 0;
        for (const { difference, decision } of judge(site)) {
          const entry = kinds.get(difference.key) ?? {
            key: difference.key,
            kind: difference.kind,
            unexplained: [],
            explained: 0,
            decisions: new Map(),
            examples: [],
          };
          kinds.set(difference.key, entry);
          if (decision) {
            entry.explained++;
            entry.decisions.set(decision.id, (entry.decisions.get(decision.id) ?? 0) + 1);
          } else {
            gaps++;
            if (!entry.unexplained.includes(generated.seed)) entry.unexplained.push(generated.seed);
            if (entry.examples.length < 3) entry.examples.push({ seed: generated.seed, difference: summary(difference), diff: brief(site.diff) });
          }
        }
        if (gaps === 0) agreeing++;
        if (++done % (count >= 2000 ? 250 : 25) === 0) {
          const seconds = (performance.now() - started) / 1000;
          log(
            `${done}/${count} sites, ${(done / seconds).toFixed(2)} sites/s, ${[...kinds.values()].filter((k) => k.unexplained.length > 0).length} unexplained kinds, load ${os.loadavg()[0].toFixed(1)}`,
          );
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // The first sites of each unexplained kind, shrunk to a minimal site that still shows it.
  for (const entry of kinds.values()) {
    entry.minimal = [];
    for (const caseSeed of entry.unexplained.slice(0, shrinkPerKind)) {
      const { files } = generateCase(caseSeed);
      const stillFails = async (candidate) =>
        judge(await checkSite(candidate, profile)).some(({ difference, decision }) => difference.key === entry.key && !decision);
      const smallest = await shrink(files, stillFails, { budget: shrinkBudget });
      const site = await checkSite(smallest.files, profile);
      entry.minimal.push({ seed: caseSeed, tries: smallest.tries, files: smallest.files, diff: brief(site.diff), drops: site.drops.drops });
      log(`shrunk ${entry.key} (site ${caseSeed}) in ${smallest.tries} builds`);
    }
  }
  const report = {
    count,
    seed,
    profile: profile ?? 'default',
    workers: lanes,
    builds,
    agreeing,
    seconds: Math.round(seconds),
    sitesPerSecond: Number((count / seconds).toFixed(3)),
    load: { before: loadBefore.map((l) => Number(l.toFixed(1))), after: os.loadavg().map((l) => Number(l.toFixed(1))), cores: os.availableParallelism() },
    coverageGaps: [...coverageGaps(model, written), ...EXTRA_TARGETS.filter((target) => !written.has(target))],
    kinds: [...kinds.values()]
      .map((entry) => ({
        key: entry.key,
        kind: entry.kind,
        unexplained: entry.unexplained.length,
        explained: entry.explained,
        decisions: Object.fromEntries(entry.decisions),
        sites: entry.unexplained.slice(0, 50),
        examples: entry.examples,
        minimal: entry.minimal,
      }))
      .sort((a, b) => b.unexplained - a.unexplained || b.explained - a.explained),
  };
  if (out) {
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  }
  return report;
}

/** A difference without the site's whole problem list (the report keeps it short). */
function summary(difference) {
  return Object.fromEntries(Object.entries(difference).filter(([key]) => key !== 'problems'));
}

/** What the report keeps of a site's diff. */
function brief(diff) {
  return {
    build: diff.build,
    buildErrors: diff.buildErrors,
    problems: diff.problems.slice(0, 8).map((p) => `${p.severity} ${p.code} ${p.file}${p.pointer}`),
    onlyPlatform: diff.onlyPlatform,
    onlyDocsnav: diff.onlyDocsnav,
    titles: diff.titles,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let args;
  try {
    args = parseArgs({
      options: {
        count: { type: 'string' },
        seed: { type: 'string' },
        shrink: { type: 'string' },
        workers: { type: 'string' },
        profile: { type: 'string' },
        ci: { type: 'boolean', default: false },
        decisions: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    console.error(`bench/differential.mjs: ${error.message}`);
    process.exit(2);
  }
  if (args.decisions) {
    console.log(decisionsTable());
    process.exit(0);
  }
  const count = Number(args.count ?? (args.ci ? 100 : 10_000));
  const seed = args.seed !== undefined ? Number(args.seed) : args.ci ? commitSeed() : 1;
  const shrinkPerKind = Number(args.shrink ?? (args.ci ? 1 : 2));
  const workers = args.workers !== undefined ? Number(args.workers) : undefined;
  if (
    ![count, seed, shrinkPerKind].every(Number.isInteger) ||
    (workers !== undefined && !(Number.isInteger(workers) && workers > 0)) ||
    (args.profile && !['platform', 'spec'].includes(args.profile))
  ) {
    console.error('bench/differential.mjs: --count, --seed, --shrink and --workers take whole numbers; --profile platform or spec');
    process.exit(2);
  }
  const out = path.join(here, '.differential', `${seed}-${count}${args.profile ? `-${args.profile}` : ''}`);
  let report;
  try {
    report = await runDifferential({
      count,
      seed,
      shrinkPerKind,
      shrinkBudget: args.ci ? 120 : 400,
      workers,
      profile: args.profile ?? null,
      out,
      log: (line) => console.error(line),
    });
  } catch (error) {
    if (!(error instanceof InstallError)) throw error;
    console.error(`bench/differential.mjs: ${error.message}`);
    process.exit(2);
  }
  console.log(
    `${report.count} generated sites (seed ${report.seed}, docsnav's ${report.profile} profile, ${report.workers} build lanes): the platform built ${report.builds}; ` +
      `${report.agreeing} with no unexplained difference; ${report.seconds} s, ${report.sitesPerSecond} sites/s, load ${report.load.before[0]} -> ${report.load.after[0]} on ${report.load.cores} cores`,
  );
  console.log('| kind of difference | unexplained (sites) | explained (decision: count) |');
  console.log('|---|---|---|');
  for (const kind of report.kinds) {
    const decisions = Object.entries(kind.decisions).map(([id, n]) => `${id}: ${n}`);
    console.log(`| ${kind.key.replaceAll('|', '\\|')} | ${kind.unexplained} | ${kind.explained}${decisions.length ? ` (${decisions.join(', ')})` : ''} |`);
  }
  console.log(
    report.coverageGaps.length === 0
      ? 'coverage: every field and nesting the schema admits was generated'
      : `coverage gaps (never generated): ${report.coverageGaps.join(', ')}`,
  );
  const unexplained = report.kinds.filter((kind) => kind.unexplained > 0);
  console.log(
    unexplained.length === 0
      ? 'no unexplained difference'
      : `${unexplained.length} unexplained kinds: minimal sites in ${path.relative(process.cwd(), out)}/report.json`,
  );
  process.exitCode = unexplained.length === 0 ? 0 : 1;
}
