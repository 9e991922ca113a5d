/**
 * Generated pages that want one path: which operation the platform serves at each URL, beside
 * `docsnav resolve --profile platform` (its pages not marked lost). Builds each site of
 * bench/openapi-collision-cases.mjs with the platform's prebuild (bench/prebuild.mjs, in its
 * long-lived lanes) and resolves it with docsnav (the built library: `npm run build` first).
 *
 *   node bench/openapi-collisions.mjs [--json]   a line per case: what each serves, `=` or `≠`
 *
 * Exit 1 when a case differs. The cases and what the platform served are test/resolve/
 * openapi-collisions.test.ts's table; run this again after a platform upgrade.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveFile } from '../dist/index.js';
import { collisionCases, SPECS } from './openapi-collision-cases.mjs';
import { prebuildSite } from './prebuild.mjs';

/** What a page tree serves: each URL with the operations (`a.json GET /x`) shown there, as one line (`url=op+op; …`), sorted. */
function served(pages) {
  const byUrl = new Map();
  for (const { url, op } of pages) byUrl.set(url, new Set([...(byUrl.get(url) ?? []), op]));
  return [...byUrl.keys()]
    .sort()
    .map((url) => `${url}=${[...byUrl.get(url)].sort().join('+')}`)
    .join('; ');
}

/** Builds and resolves one case; `{ platform, docsnav }`: what each serves (`served`). */
export async function runCase(testCase) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docsnav-collision-'));
  try {
    for (const [file, text] of Object.entries(SPECS(testCase))) writeFileSync(path.join(dir, file), text);
    const docs = { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'T', colors: { primary: '#000000' }, navigation: testCase.navigation };
    writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(docs, null, 2));
    const build = await prebuildSite(dir, { reuse: true });
    // The platform's pages: their OpenAPI meta tag is "/a.json get /x".
    const platform = build.ok
      ? served(
          build.pages
            .filter((page) => page.openapi)
            .map((page) => {
              const [file, method, ...rest] = page.openapi.replace(/^\//, '').split(' ');
              return { url: page.url, op: `${file} ${method.toUpperCase()} ${rest.join(' ')}` };
            }),
        )
      : `build failed: ${build.errors[0]}`;
    const { tree } = await resolveFile(path.join(dir, 'docs.json'), { profile: 'platform' });
    // A page the tree marks lost is served at no URL; the page it is lost to is shown there.
    const docsnav = served(
      tree.pages
        .filter((page) => page.lostTo === undefined && page.openapi)
        .map((page) => ({ url: page.path, op: `${page.openapi.file} ${page.openapi.method} ${page.openapi.path}` })),
    );
    return { platform, docsnav };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const json = process.argv.includes('--json');
  let differ = 0;
  for (const testCase of collisionCases()) {
    const { platform, docsnav } = await runCase(testCase);
    if (platform !== docsnav) differ++;
    if (json) process.stdout.write(`${JSON.stringify({ name: testCase.name, platform, docsnav })}\n`);
    else process.stdout.write(`${platform === docsnav ? '=' : '≠'} ${testCase.name}: platform ${platform}, docsnav ${docsnav}\n`);
  }
  process.stderr.write(`${differ} case(s) differ\n`);
  process.exitCode = differ > 0 ? 1 : 0;
}
