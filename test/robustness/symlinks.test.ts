/**
 * Property: whatever mix of real files and symlinks pointing out of the docs root a site has
 * (pages, folders of pages, the OpenAPI spec, `$ref` targets), validate and resolve never read
 * through a link that leaves the root: no byte of the files outside appears in any problem,
 * in `sources` or in the page tree, and every such entry is reported.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveText } from '../../src/resolve.js';
import { validateText } from '../../src/validate.js';

const SEED = Number(process.env.DOCSNAV_FC_SEED ?? 20_261_122);
const RUNS = Number(process.env.DOCSNAV_FC_RUNS ?? 30);
const SECRET = 'GITHUB_TOKEN=canary-secret-7f3a';

let base: string;
let outside: string;

beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), 'docsnav-links-'));
  outside = path.join(base, 'outside');
  mkdirSync(path.join(outside, 'folder'), { recursive: true });
  const page = `---\ntitle: "${SECRET}"\n---\n${SECRET}\n`;
  writeFileSync(path.join(outside, 'page.mdx'), page);
  writeFileSync(path.join(outside, 'folder', 'page.mdx'), page);
  writeFileSync(path.join(outside, 'nav.json'), JSON.stringify({ group: SECRET, pages: [SECRET] }));
  const spec = { openapi: '3.1.0', info: { title: SECRET, version: '1' }, paths: { '/x': { get: { summary: SECRET, tags: [SECRET] } } } };
  writeFileSync(path.join(outside, 'openapi.json'), JSON.stringify(spec));
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

/** How each part of a site is provided: a real file inside the root, or a link out of it. */
const how = fc.constantFrom('file', 'link');
const siteArb = fc.record({
  pages: fc.array(fc.record({ how: fc.constantFrom('file', 'link', 'linked-folder'), name: fc.stringMatching(/^[a-z]{1,6}$/) }), {
    minLength: 1,
    maxLength: 5,
  }),
  spec: how,
  ref: fc.constantFrom('none', 'file', 'link'),
  endpoint: fc.boolean(),
});

let counter = 0;

describe('symlinks out of the root are never followed', () => {
  it('no byte from outside the root in problems, sources or the tree; each linked entry is reported', async () => {
    await fc.assert(
      fc.asyncProperty(siteArb, async (site) => {
        const root = path.join(base, `site-${counter++}`);
        mkdirSync(root, { recursive: true });
        const pages: string[] = [];
        site.pages.forEach(({ how: kind, name }, i) => {
          const page = `p${i}-${name}`;
          if (kind === 'file') writeFileSync(path.join(root, `${page}.mdx`), `# ${page}\n`);
          if (kind === 'link') symlinkSync(path.join(outside, 'page.mdx'), path.join(root, `${page}.mdx`));
          if (kind === 'linked-folder') {
            symlinkSync(path.join(outside, 'folder'), path.join(root, page));
            pages.push(`${page}/page`);
            return;
          }
          pages.push(page);
        });
        if (site.spec === 'file')
          writeFileSync(
            path.join(root, 'openapi.json'),
            JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/x': { get: { summary: 'Get x' } } } }),
          );
        else symlinkSync(path.join(outside, 'openapi.json'), path.join(root, 'openapi.json'));
        const groups: unknown[] = [
          { group: 'Pages', pages },
          { group: 'API', openapi: 'openapi.json', ...(site.endpoint ? { pages: ['GET /x'] } : {}) },
        ];
        if (site.ref === 'file') {
          writeFileSync(path.join(root, 'nav.json'), JSON.stringify({ group: 'Ref', pages: [pages[0]] }));
          groups.push({ $ref: './nav.json' });
        } else if (site.ref === 'link') {
          symlinkSync(path.join(outside, 'nav.json'), path.join(root, 'nav.json'));
          groups.push({ $ref: './nav.json' });
        }
        const text = JSON.stringify({ navigation: { groups } });
        const file = path.join(root, 'docs.json');
        writeFileSync(file, text);

        const validated = validateText(text, { file, root });
        const resolved = await resolveText(text, { file, root });
        for (const output of [JSON.stringify(validated), JSON.stringify(resolved)]) expect(output).not.toContain('canary-secret');
        const outsideCodes = new Set(resolved.problems.filter((p) => p.code === 'path-outside-root').map((p) => p.pointer));
        const links = site.pages.filter((p) => p.how !== 'file').length + (site.spec === 'link' ? 1 : 0) + (site.ref === 'link' ? 1 : 0);
        expect(outsideCodes.size).toBeGreaterThanOrEqual(Math.min(links, 1));
        if (links === 0) expect(outsideCodes.size).toBe(0);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
