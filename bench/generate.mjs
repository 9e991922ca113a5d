/**
 * Generated inputs for the benchmark: nothing large is committed.
 * A site is languages × versions × tabs × groups × pages; `withErrors` plants a few mistakes deep inside.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LANGS = ['en', 'fr', 'de', 'es', 'jp', 'ko', 'cn', 'it'];

export function siteShape(pages) {
  const shapes = {
    50: [1, 1, 1, 5, 10],
    2000: [2, 2, 5, 10, 10],
    50000: [5, 2, 5, 50, 20],
    200000: [5, 4, 10, 50, 20],
  };
  return shapes[pages] ?? [1, 1, 1, Math.ceil(pages / 20), 20];
}

/**
 * `platform`: with the settings the platform requires beside `navigation` (theme, colors), as a
 * site the server deploys (under the platform profile) must have.
 */
export function generateSite(pages, { withErrors = false, platform = false } = {}) {
  const [languages, versions, tabs, groups, perGroup] = siteShape(pages);
  const navigation = {
    global: { anchors: [{ anchor: 'Status', href: 'https://status.example.com' }] },
    languages: [],
  };
  for (let l = 0; l < languages; l++) {
    const lang = { language: LANGS[l], versions: [] };
    for (let v = 0; v < versions; v++) {
      const version = { version: `v${v + 1}`, tabs: [] };
      if (v === 0) version.default = true;
      for (let t = 0; t < tabs; t++) {
        const tab = { tab: `Tab ${t}`, icon: 'book', groups: [] };
        for (let g = 0; g < groups; g++) {
          const list = [];
          for (let p = 0; p < perGroup; p++) list.push(`${LANGS[l]}/v${v + 1}/t${t}/g${g}/page-${p}`);
          tab.groups.push({ group: `Group ${g}`, icon: 'folder', pages: list });
        }
        version.tabs.push(tab);
      }
      lang.versions.push(version);
    }
    navigation.languages.push(lang);
  }
  if (withErrors) {
    const last = navigation.languages.at(-1).versions.at(-1).tabs.at(-1);
    last.groups.at(-1).expand = true; // unknown-field deep inside
    last.groups.at(-2).pages.push({ group: 'Nested', pages: 'not-an-array' }); // invalid-type
    last.pages = ['stray']; // mixed-children
    navigation.languages.at(-1).language = 'xx'; // language-code
  }
  return JSON.stringify({ ...(platform ? { theme: 'mint', colors: { primary: '#0D9373' } } : {}), name: 'Bench', navigation }, null, 2);
}

/** An OpenAPI 3.1 spec with `operations` operations over operations/4 paths, tagged in groups of 50. */
export function generateSpec(operations) {
  const paths = {};
  const methods = ['get', 'post', 'put', 'delete'];
  for (let i = 0; i < operations; i++) {
    const path = `/resource${Math.floor(i / 4)}/{id}`;
    paths[path] ??= {};
    paths[path][methods[i % 4]] = {
      summary: `Operation ${i}`,
      tags: [`Tag ${Math.floor(i / 50)}`],
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { 200: { description: 'OK', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } } } },
    };
  }
  return JSON.stringify({ openapi: '3.1.0', info: { title: 'Bench', version: '1' }, paths }, null, 2);
}

/** docs.json for a spec: bulk generation on a tab, or one explicit entry per operation. */
export function generateSpecSite(operations, mode) {
  const tab = { tab: 'API', openapi: 'openapi.json' };
  if (mode === 'explicit') {
    const methods = ['GET', 'POST', 'PUT', 'DELETE'];
    const pages = [];
    for (let i = 0; i < operations; i++) pages.push(`${methods[i % 4]} /resource${Math.floor(i / 4)}/{id}`);
    tab.groups = [{ group: 'Endpoints', pages }];
  }
  return JSON.stringify({ name: 'Spec bench', navigation: { tabs: [tab] } }, null, 2);
}

/** `depth` groups, each nested in the one before (written as text: JSON.stringify cannot go that deep). */
export function generateDeep(depth) {
  let open = '';
  let close = '';
  for (let i = 1; i <= depth; i++) {
    open += `{"group": "G${i}", "pages": [`;
    close += ']}';
  }
  return `{"navigation": {"groups": [${open}"leaf"${close}]}}`;
}

/**
 * A generated site of `pages` pages written into `folder` with a page file for each, each with a
 * heading and two links (to the next page and one of its sections): its docs.json and first page.
 */
export function writeSiteWithPages(folder, pages) {
  mkdirSync(folder, { recursive: true });
  const text = generateSite(pages);
  writeFileSync(path.join(folder, 'docs.json'), text);
  const listed = [];
  const walk = (value) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object')
      for (const [key, child] of Object.entries(value))
        key === 'pages' ? child.forEach((p) => (typeof p === 'string' ? listed.push(p) : walk(p))) : walk(child);
  };
  walk(JSON.parse(text).navigation);
  listed.forEach((page, i) => {
    const file = path.join(folder, `${page}.mdx`);
    mkdirSync(path.dirname(file), { recursive: true });
    const next = listed[(i + 1) % listed.length];
    writeFileSync(
      file,
      `---\ntitle: Page ${i}\n---\n\n# Page ${i}\n\nRead [the next page](/${next}) and [its setup](/${next}#page-${(i + 1) % listed.length}).\n\n## Setup\n\nSome text.\n`,
    );
  });
  return { docs: path.join(folder, 'docs.json'), page: path.join(folder, `${listed[0]}.mdx`), pages: listed.length };
}
