/**
 * What a mint.json site costs docsnav beside the same site on docs.json: `docsnav validate` of
 * each mint.json site of ../shared/corpus/mint-sites against `docsnav validate` of a copy whose
 * mint.json is replaced by the docs.json `docsnav upgrade` writes (the same pages, the same
 * checks), and `docsnav upgrade --stdout` alone; each a fresh process, as a hook runs it, with
 * `node -e 0` in the same rounds. Rounds interleave the commands; medians; the cache is off.
 *
 *   node bench/mint.mjs [--runs n] [--sites a,b]     a table for a person (default 7 runs, the 3 largest sites)
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.join(here, '..', 'dist', 'cli', 'main.js');
const sitesDir = path.resolve(here, '..', '..', 'shared', 'corpus', 'mint-sites');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : args[at + 1];
};
const runs = Number(option('--runs', 7));
const sizeOf = (site) => readdirSync(path.join(sitesDir, site), { recursive: true }).length;
const all = readdirSync(sitesDir).filter((name) => statSync(path.join(sitesDir, name)).isDirectory() && name !== '0xwracked__docs');
const sites = option('--sites', undefined)?.split(',') ?? all.sort((a, b) => sizeOf(b) - sizeOf(a)).slice(0, 3);

const env = { ...process.env, CI: 'true', NO_COLOR: '1' };
function time(command) {
  const start = process.hrtime.bigint();
  spawnSync(command[0], command.slice(1), { env, stdio: 'ignore' });
  return Number(process.hrtime.bigint() - start) / 1e6;
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const temp = mkdtempSync(path.join(os.tmpdir(), 'docsnav-bench-mint-'));
try {
  const rows = [];
  for (const site of sites) {
    const mintSite = path.join(sitesDir, site);
    const docsSite = path.join(temp, site);
    cpSync(mintSite, docsSite, { recursive: true });
    rmSync(path.join(docsSite, 'mint.json'));
    const upgraded = spawnSync(process.execPath, [cli, 'upgrade', path.join(mintSite, 'mint.json'), '--stdout'], { encoding: 'utf8' });
    writeFileSync(path.join(docsSite, 'docs.json'), upgraded.stdout);
    const commands = {
      'node -e 0': [process.execPath, '-e', '0'],
      'validate mint.json': [process.execPath, cli, 'validate', path.join(mintSite, 'mint.json'), '--no-cache'],
      'validate docs.json': [process.execPath, cli, 'validate', path.join(docsSite, 'docs.json'), '--no-cache'],
      'upgrade --stdout': [process.execPath, cli, 'upgrade', path.join(mintSite, 'mint.json'), '--stdout'],
    };
    const times = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
    for (let round = 0; round < runs; round++) for (const [name, command] of Object.entries(commands)) times[name].push(time(command));
    const node = median(times['node -e 0']);
    for (const name of Object.keys(commands).slice(1)) rows.push({ site, command: name, ms: median(times[name]), node });
  }
  console.log(`mint.json sites, ${runs} interleaved rounds, medians (ms; × node -e 0 of the same rounds)`);
  for (const row of rows)
    console.log(`  ${row.site.padEnd(32)} ${row.command.padEnd(20)} ${row.ms.toFixed(0).padStart(6)} ms  ${(row.ms / row.node).toFixed(2)}×`);
  for (const site of sites) {
    const of = (command) => rows.find((row) => row.site === site && row.command === command).ms;
    console.log(`  ${site}: validate mint.json / validate docs.json = ${(of('validate mint.json') / of('validate docs.json')).toFixed(2)}`);
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}
