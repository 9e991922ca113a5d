/**
 * docs/build-step.md's VitePress sidebar recipe (```` ```js vitepress-sidebar ````) in the real tool: the
 * example site's pages as Markdown, the recipe's `sidebar` as `themeConfig.sidebar`, built with
 * VitePress 1.x, and each page's HTML must hold its tab's sidebar, its badges rendered as VitePress renders
 * them (the built element, not text with its tags stripped). VitePress is installed on
 * demand into bench/.vitepress (git-ignored, never a dependency of docsnav), as the bench installs
 * the platform's packages (bench/pinned.mjs); so this is in the packages suite (needs npm's
 * registry or cache).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasVersion, installPinned } from '../../bench/pinned.mjs';
import { resolveFile } from '../../src/index.js';
import { readmeBlock } from '../readme-blocks.mjs';
import { hangGuard } from '../time-scale.mjs';

const REPO = path.resolve(import.meta.dirname, '../..');
const VERSION = '1.6.4';
const folder = path.join(REPO, 'bench', '.vitepress');
const manifest = path.join(folder, 'node_modules', 'vitepress', 'package.json');
const bin = path.join(folder, 'node_modules', 'vitepress', 'bin', 'vitepress.js');
const temp = mkdtempSync(path.join(tmpdir(), 'docsnav-vitepress-'));
/** The recipe as a module of the repository (git-ignored name), so that `import 'docsnav'` is this build. */
const recipeModule = path.join(REPO, `.readme-example-vitepress-${process.pid}.mjs`);
afterAll(() => {
  rmSync(temp, { recursive: true, force: true });
  rmSync(recipeModule, { force: true });
});

const MINUTE = 60_000;
const site = path.join(temp, 'site');
/** Page path -> its built HTML. */
const html = new Map<string, string>();

beforeAll(
  async () => {
    if (!hasVersion(manifest, VERSION)) {
      const install = installPinned(folder, `vitepress@${VERSION}`, { project: 'docsnav-vitepress', label: 'bench/.vitepress', capture: true });
      if (install.status !== 0)
        throw new Error(`npm install vitepress@${VERSION} exited ${install.status}:\n${`${String(install.stdout)}${String(install.stderr)}`.slice(-4000)}`);
    }
    // The recipe, as written, then its sidebar as JSON on the last line.
    writeFileSync(recipeModule, `${readmeBlock('vitepress-sidebar').text}\nconsole.log(JSON.stringify(sidebar));\n`);
    const recipe = spawnSync(process.execPath, [recipeModule], { cwd: REPO, encoding: 'utf8' });
    if (recipe.status !== 0) throw new Error(`the recipe exited ${recipe.status}: ${recipe.stderr}`);
    const sidebar = recipe.stdout.trim().split('\n').at(-1)!;

    const { tree } = await resolveFile(path.join(REPO, 'fixtures/example/docs.json'));
    for (const page of tree.pages) {
      mkdirSync(path.dirname(path.join(site, `${page.path}.md`)), { recursive: true });
      writeFileSync(path.join(site, `${page.path}.md`), `# ${page.title}\n\nThe page ${page.path}.\n`);
    }
    mkdirSync(path.join(site, '.vitepress'));
    // The pages import vue: the site resolves it from the install, as a project would from its own node_modules.
    symlinkSync(path.join(folder, 'node_modules'), path.join(site, 'node_modules'), 'dir');
    writeFileSync(path.join(site, '.vitepress', 'config.mjs'), `export default { title: 'Example', themeConfig: { sidebar: ${sidebar} } };\n`);
    const build = spawnSync(process.execPath, [bin, 'build', site], {
      cwd: temp,
      encoding: 'utf8',
      timeout: hangGuard(5 * MINUTE),
      env: { ...process.env, NO_COLOR: '1' },
    });
    if (build.status !== 0) throw new Error(`vitepress build exited ${build.status}:\n${`${build.stdout}${build.stderr}`.slice(-4000)}`);
    for (const page of tree.pages) html.set(page.path, readFileSync(path.join(site, '.vitepress', 'dist', `${page.path}.html`), 'utf8'));
  },
  hangGuard(10 * MINUTE),
);

/** The link texts of the rendered sidebar (`<aside class="VPSidebar …">`) of a built page; empty when it has none. */
function sidebarLinks(page: string): string[] {
  const text = html.get(page)!;
  const start = text.indexOf('class="VPSidebar');
  if (start === -1) return [];
  const aside = text.slice(start, text.indexOf('</aside>', start));
  // The label, without its badges (the first test checks them).
  return [...aside.matchAll(/<p class="text"[^>]*>(.*?)<\/p>/g)].map((match) =>
    match[1]
      .replace(/<span class="VPBadge[^"]*"[^>]*>.*?<\/span>/g, '')
      .replace(/<[^>]+>/g, '')
      .trim(),
  );
}

/** The rendered sidebar item (its `<p class="text">` as built) whose text, tags stripped, starts with `label`. */
function sidebarItem(page: string, label: string): string | undefined {
  const text = html.get(page)!;
  const start = text.indexOf('class="VPSidebar');
  const aside = text.slice(start, text.indexOf('</aside>', start));
  return [...aside.matchAll(/<p class="text"[^>]*>(.*?)<\/p>/g)]
    .map((match) => match[1])
    .find((item) =>
      item
        .replace(/<[^>]+>/g, '')
        .trim()
        .startsWith(label),
    );
}

describe(`docs/build-step.md's VitePress sidebar recipe, built with vitepress@${VERSION}`, () => {
  it('the method and tag badges are rendered as VitePress badges (issue 50: not a <Badge> tag left in the text)', () => {
    const item = sidebarItem('api-reference/pets/get-a-pet', 'List pets');
    expect(item).toBeDefined();
    // VitePress's Badge component renders <span class="VPBadge <type>">; a <Badge …/> in the text is raw HTML no component renders.
    expect(item).toMatch(/<span class="VPBadge [a-z]+"[^>]*>GET<\/span>/);
    expect(item).not.toMatch(/<Badge|&lt;Badge/i);
    // And styled: the theme's stylesheet the page links holds the badge's rules.
    const css = [...html.get('api-reference/pets/get-a-pet')!.matchAll(/<link rel="(?:preload )?stylesheet" href="\/([^"]+\.css)"/g)].map((match) =>
      readFileSync(path.join(site, '.vitepress', 'dist', match[1]), 'utf8'),
    );
    expect(css.join('\n')).toMatch(/\.VPBadge\.tip\s*\{/);
  });

  it.each([
    ['index', 'Guides', ['Quickstart', 'Overview', 'Tabs']],
    ['quickstart', 'Guides', ['Index', 'Projects']],
    ['concepts/navigation/tabs', 'Guides', ['Groups', 'Deployments']],
    ['api/introduction', 'API Reference', ['Authentication', 'List pets']],
    ['api-reference/pets/get-a-pet', 'API Reference', ['Create a pet', 'Pet adopted']],
    ['admin-reference/users/list-users', 'Admin API', ['Overview', 'Get health']],
  ])('%s shows the %s sidebar', (page, _tab, expected) => {
    const links = sidebarLinks(page);
    expect(links).toEqual(expect.arrayContaining(expected));
    // Its own tab's sidebar only: no page of another tab.
    const others = { Guides: 'List pets', 'API Reference': 'Quickstart', 'Admin API': 'List pets' }[_tab]!;
    expect(links).not.toContain(others);
  });
});
