/**
 * The `resolve` section of `npm run bench` (issue 22): `docsnav resolve` of the real sites with
 * their specs, beside the platform's own build step (@mintlify/prebuild, bench/prebuild.mjs), and
 * scaling rows at 1×, 4× and 16× the input (time per operation should stay flat).
 *
 *   node bench/resolve-sites.mjs [--incumbent] [--runs <n>] [--quick] [--remeasure]
 *
 * The sites: those of ../shared/corpus/sites/ that prebuild builds (`ok: true` in
 * bench/.prebuild/results/sites/, written by `node bench/prebuild.mjs --all`; 29 of 40: the other
 * 11 fetch a remote spec, which the harness blocks (5), name a spec file the site lacks (5), or
 * have a docs.json the platform refuses (1)). Without those results, the same 29 by name.
 *
 * docsnav is measured two ways, each run a fresh process as a build step runs it:
 * - the whole process, `node dist/cli/main.js resolve <site> --profile platform --rule
 *   page-not-found=off -o <file>` (the sites have no page files), wall and CPU time, median of
 *   the runs, interleaved with `node -e 0` (the start-up floor no command goes below);
 * - resolve's own work in a fresh process: `resolveFile` and the tree's JSON, module loading
 *   excluded (median of the runs).
 * The incumbent (with --incumbent): prebuild once per site (it takes seconds), in a child process
 * as bench/prebuild.mjs runs it: the whole process (spawn to exit), and inside it the `prebuild()`
 * call alone (its module loading excluded), and the child's CPU time. Its timings are kept in bench/.prebuild/timings.json
 * with the package's version and Node's, and measured again only when those change, a site is
 * missing, or with --remeasure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { recordTarget } from './targets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const project = path.dirname(here);
const corpusSites = path.resolve(project, '..', 'shared', 'corpus', 'sites');
const out = path.join(here, '.out', 'resolve-sites');
const timingsFile = path.join(here, '.prebuild', 'timings.json');
const RESOLVE_FLAGS = ['--profile', 'platform', '--rule', 'page-not-found=off'];

/** The sites of corpus/sites that prebuild 1.0.1341 builds, when its results are not at hand. */
const BUILT_SITES = (
  '0002 0003 0012 0023 0026 0039 0049 0050 0062 0065 0068 0077 0079 0107 0112 0132 0133 0145 0171 0194 0200 0203 0221 0244 ' + '0245 0247 0256 0261 0364'
).split(' ');

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const ms = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const load = () => os.loadavg()[0].toFixed(1);

/** The real sites measured, and how they were chosen. */
function builtSites() {
  const results = path.join(here, '.prebuild', 'results', 'sites');
  if (!existsSync(results)) return { names: BUILT_SITES, how: 'the 29 of corpus/sites that prebuild 1.0.1341 builds (listed by name)' };
  const names = readdirSync(results)
    .filter((file) => file.endsWith('.json') && JSON.parse(readFileSync(path.join(results, file), 'utf8')).ok)
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
  return { names, how: `the ${names.length} of corpus/sites that prebuild builds (ok in bench/.prebuild/results/sites)` };
}

/**
 * One process, its output going nowhere: { wall, cpu } in ms. CPU time (user + system, from GNU
 * time, to 10 ms) is what a loaded machine disturbs least: other processes lengthen the wall time.
 */
function processTime(args) {
  const start = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, ...args], { cwd: project, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const wall = performance.now() - start;
  if (run.status === null || run.error) throw new Error(`${args.join(' ')}: ${run.signal ?? run.error}`);
  const [user, system] = run.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return { wall, cpu: (user + system) * 1000 };
}

/** resolve's own work in a fresh process: { ms, pages, problems } from this file's --work mode. */
function work(docsFile) {
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--work', docsFile], { cwd: project, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`--work ${docsFile}: ${run.stderr.trim().split('\n')[0]}`);
  return JSON.parse(run.stdout);
}

/** --work: one resolveFile and the tree's JSON, timed inside this process (module loading excluded). */
async function workChild(docsFile) {
  const { resolveFile, formatTreeJson } = await import(pathToFileURL(path.join(project, 'dist', 'index.js')).href);
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const result = await resolveFile(docsFile, { profile: 'platform', rules: { 'page-not-found': 'off' } });
  const json = formatTreeJson(result.tree);
  const elapsed = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  process.stdout.write(
    JSON.stringify({
      ms: elapsed,
      cpuMs: (cpu.user + cpu.system) / 1000,
      pages: result.tree.pages.length,
      problems: result.problems.length,
      bytes: json.length,
    }),
  );
}

/** Prebuild's timings per site, measured once (see the header). */
async function incumbentTimings(names, remeasure) {
  const { PREBUILD, prebuildSite } = await import('./prebuild.mjs');
  let kept = existsSync(timingsFile) ? JSON.parse(readFileSync(timingsFile, 'utf8')) : undefined;
  if (!kept || kept.package !== PREBUILD || kept.node !== process.version || remeasure) kept = { package: PREBUILD, node: process.version, sites: {} };
  let measured = 0;
  for (const name of names) {
    if (kept.sites[name]?.cpuMs !== undefined) continue;
    const result = await prebuildSite(path.join(corpusSites, name));
    kept.sites[name] = { ok: result.ok, pages: result.pages.length, ...result.timing, load: Number(load()), at: new Date().toISOString() };
    measured++;
    process.stderr.write(`prebuild ${name}: ${result.ok ? 'ok' : 'FAIL'}, ${(result.timing.processMs / 1000).toFixed(1)} s\n`);
    mkdirSync(path.dirname(timingsFile), { recursive: true });
    writeFileSync(timingsFile, `${JSON.stringify(kept, null, 2)}\n`);
  }
  return { timings: kept, measured, package: PREBUILD };
}

/** Rows for the real sites: [measurement, docsnav, beside it, incumbent]. */
export async function resolveSiteRows({ runs = 5, incumbent = false, remeasure = false } = {}) {
  const { names, how } = builtSites();
  mkdirSync(out, { recursive: true });
  const loadBefore = load();
  const whole = Object.fromEntries(names.map((name) => [name, []]));
  const own = Object.fromEntries(names.map((name) => [name, []]));
  const floor = [];
  let pages = 0;
  for (let run = 0; run < runs; run++) {
    for (const name of names) {
      const dir = path.join(corpusSites, name);
      floor.push(processTime(['-e', '0']));
      whole[name].push(processTime(['dist/cli/main.js', 'resolve', dir, ...RESOLVE_FLAGS, '-o', path.join(out, `${name}.json`)]));
      const inside = work(path.join(dir, 'docs.json'));
      own[name].push(inside);
      if (run === 0) pages += inside.pages;
    }
  }
  /** Sum over the sites of each site's median, and the median site. */
  const total = (samples, key) => {
    const perSite = names.map((name) => median(samples[name].map((sample) => sample[key])));
    return { sum: sum(perSite), median: median(perSite) };
  };
  const ours = { wall: total(whole, 'wall'), cpu: total(whole, 'cpu'), ownWall: total(own, 'ms'), ownCpu: total(own, 'cpuMs') };
  const floorOf = (key) => median(floor.map((sample) => sample[key])) * names.length;
  const loads = `load ${loadBefore} → ${load()} on ${os.cpus().length} cores`;
  const rows = [];
  let theirs;
  if (incumbent) {
    const { timings, measured, package: pkg } = await incumbentTimings(names, remeasure);
    const sites = names.map((name) => timings.sites[name]);
    const failed = sites.filter((site) => !site.ok).length;
    const loadRange = `load ${Math.min(...sites.map((site) => site.load))}–${Math.max(...sites.map((site) => site.load))}`;
    theirs = {
      process: sum(sites.map((site) => site.processMs)),
      cpu: sum(sites.map((site) => site.cpuMs)),
      build: sum(sites.map((site) => site.buildMs)),
      note: `${pkg}, once per site, ${loadRange}${measured < names.length ? `, ${names.length - measured} kept from earlier runs (bench/.prebuild/timings.json, Node ${timings.node})` : ''}${failed ? `; ${failed} failed` : ''}`,
    };
  }
  const s = (x) => `${(x / 1000).toFixed(2)} s`;
  const ratio = (docsnav, incumbentMs) => `×${(incumbentMs / docsnav).toFixed(0)}`;
  rows.push([
    `resolve, ${how}: ${pages.toLocaleString('en')} pages; \`docsnav resolve\` as a whole process per site, summed`,
    `${s(ours.wall.sum)} wall, ${s(ours.cpu.sum)} CPU (median site ${ms(ours.wall.median)} / ${ms(ours.cpu.median)} ms)`,
    `\`node -e 0\` ×${names.length}: ${s(floorOf('wall'))} wall, ${s(floorOf('cpu'))} CPU; ${loads}`,
    theirs
      ? `${s(theirs.process)} wall, ${s(theirs.cpu)} CPU: docsnav ${ratio(ours.wall.sum, theirs.process)} faster (wall), ${ratio(ours.cpu.sum, theirs.cpu)} (CPU); ${theirs.note}`
      : '',
  ]);
  rows.push([
    `resolve, the same ${names.length} sites: resolve's own work in a fresh process (resolveFile + the tree's JSON, module loading excluded), summed`,
    `${s(ours.ownWall.sum)} wall, ${s(ours.ownCpu.sum)} CPU (median site ${ms(ours.ownWall.median)} ms)`,
    `start-up and loading: ${ms((ours.wall.sum - ours.ownWall.sum) / names.length)} ms a site`,
    theirs ? `prebuild() alone: ${s(theirs.build)} wall: docsnav ${ratio(ours.ownWall.sum, theirs.build)} faster` : '',
  ]);
  if (theirs) {
    const times = theirs.process / ours.wall.sum;
    recordTarget({
      area: 'resolve',
      target: `\`resolve\` of the ${names.length} real sites ≥ 150× the platform's prebuild (whole processes, wall)`,
      before: '×92 in the issue; ×18 (CPU) as this bench measures main before',
      measured: `×${times.toFixed(0)} wall, ×${(theirs.cpu / ours.cpu.sum).toFixed(0)} CPU; resolve's own work ×${(theirs.build / ours.ownWall.sum).toFixed(0)} prebuild() alone`,
      met: times >= 150,
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Scaling: one generated site at 1×, 4× and 16×.

/**
 * A site of `units` × 250 operations, shaped like the real ones: a YAML spec generated in bulk on
 * one tab, a JSON spec whose operations are listed as `METHOD /path` entries on another, each
 * operation with a `$ref` to a shared schema, and as many ordinary pages in groups of 20.
 */
function generateScaledSite(units) {
  const operations = units * 250;
  const methods = ['get', 'post', 'put', 'delete'];
  const spec = (prefix) => {
    const paths = {};
    const schemas = {};
    for (let i = 0; i < operations; i++) {
      const route = `/${prefix}${Math.floor(i / 4)}/{id}`;
      paths[route] ??= {};
      schemas[`Item${i}`] = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string', description: `Name of item ${i}` } } };
      paths[route][methods[i % 4]] = {
        summary: `${prefix} operation ${i}`,
        operationId: `${prefix}Op${i}`,
        tags: [`${prefix} tag ${Math.floor(i / 25)}`],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'OK', content: { 'application/json': { schema: { $ref: `#/components/schemas/Item${i}` } } } } },
      };
    }
    return { openapi: '3.0.3', info: { title: `${prefix} API`, version: '1.0.0' }, paths, components: { schemas } };
  };
  const entries = [];
  for (let i = 0; i < operations; i++) entries.push(`${methods[i % 4].toUpperCase()} /entry${Math.floor(i / 4)}/{id}`);
  const groups = [];
  for (let i = 0; i < operations; i += 20) {
    groups.push({ group: `Guides ${i / 20}`, pages: Array.from({ length: Math.min(20, operations - i) }, (_, j) => `guides/page-${i + j}`) });
  }
  const docs = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: `Scaled ${units}×`,
    colors: { primary: '#0D9373' },
    navigation: {
      tabs: [
        { tab: 'Guides', groups },
        { tab: 'Bulk API', openapi: 'bulk.yaml' },
        { tab: 'Listed API', openapi: 'listed.json', groups: [{ group: 'Endpoints', pages: entries }] },
      ],
    },
  };
  return { operations, docs, bulk: spec('bulk'), listed: spec('entry') };
}

/** Rows: resolve's own work (wall, CPU) and its CPU cost per operation at 1×, 4×, 16×; the whole process beside. */
export async function resolveScalingRows({ runs = 5 } = {}) {
  const { default: jsYaml } = await import('js-yaml');
  const measured = [];
  for (const units of [1, 4, 16]) {
    const site = generateScaledSite(units);
    const dir = path.join(out, `scaled-${units}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(site.docs, null, 2));
    writeFileSync(path.join(dir, 'bulk.yaml'), jsYaml.dump(site.bulk, { lineWidth: -1 }));
    writeFileSync(path.join(dir, 'listed.json'), JSON.stringify(site.listed, null, 2));
    const inside = [];
    const cpu = [];
    const whole = [];
    let info;
    for (let run = 0; run < runs; run++) {
      info = work(path.join(dir, 'docs.json'));
      inside.push(info.ms);
      cpu.push(info.cpuMs);
      whole.push(processTime(['dist/cli/main.js', 'resolve', dir, ...RESOLVE_FLAGS, '-o', path.join(out, `scaled-${units}.json`)]).wall);
    }
    measured.push({ units, operations: 2 * site.operations, pages: info.pages, inside: median(inside), cpu: median(cpu), whole: median(whole) });
  }
  const first = measured[0];
  // Per operation from CPU time: on a loaded machine the wall time of the larger runs wanders more.
  const perOp = (m) => (m.cpu * 1000) / m.operations;
  const growth = perOp(measured.at(-1)) / perOp(first);
  recordTarget({
    area: 'resolve',
    target: 'nothing in resolve grows faster than its input: CPU per operation at 16× within 1.25× of 1×',
    before: 'not measured',
    measured: `×${growth.toFixed(2)} (${measured.map((m) => `${perOp(m).toFixed(0)} µs`).join(' → ')})`,
    met: growth <= 1.25,
  });
  return [
    [
      `resolve scaling, a generated site at 1×, 4×, 16× (${measured.map((m) => `${m.operations.toLocaleString('en')} operations`).join(' / ')}: a YAML spec in bulk, a JSON spec by entries, as many guide pages)`,
      measured.map((m) => `${m.units}×: ${ms(m.inside)} ms (${ms(m.cpu)} ms CPU)`).join(' · '),
      `CPU per operation ${measured.map((m) => `${perOp(m).toFixed(1)} µs`).join(' → ')} (×${(perOp(measured.at(-1)) / perOp(first)).toFixed(2)} from 1× to 16×; flat is linear)`,
      `whole process ${measured.map((m) => `${ms(m.whole)} ms`).join(' → ')}; ${measured.at(-1).pages.toLocaleString('en')} pages at 16×`,
    ],
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  if (args[0] === '--work') {
    await workChild(args[1]);
  } else {
    const runsFlag = args.indexOf('--runs');
    const runs = runsFlag >= 0 ? Number(args[runsFlag + 1]) : args.includes('--quick') ? 3 : 5;
    const rows = [
      ...(await resolveSiteRows({ runs, incumbent: args.includes('--incumbent'), remeasure: args.includes('--remeasure') })),
      ...(await resolveScalingRows({ runs })),
    ];
    console.log('| measurement | docsnav | beside it | incumbent |\n|---|---|---|---|');
    for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  }
}
