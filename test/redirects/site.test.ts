import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveFile } from '../../src/resolve.js';
import { validateText } from '../../src/validate.js';

const ROOT = path.resolve('fixtures/example');
const FILE = path.join(ROOT, 'docs.json');

/** fixtures/example's docs.json with these redirects, validated on its own disk root. */
function withRedirects(redirects: Array<{ source: string; destination: string }>) {
  const document = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>;
  const text = JSON.stringify({ ...document, redirects }, null, 2);
  return validateText(text, { file: FILE, root: ROOT }).problems.filter((p) => p.code.startsWith('redirect-'));
}

describe('redirects on a site read from disk', () => {
  it('a generated endpoint page (no file) answers its URL; a near miss does not', async () => {
    const tree = await resolveFile(FILE);
    const endpoint = tree.tree.pages.find((page) => page.kind === 'endpoint');
    expect(endpoint?.file).toBeUndefined();
    const problems = withRedirects([
      { source: '/old-endpoint', destination: `/${endpoint!.path}` },
      { source: '/old-near', destination: `/${endpoint!.path}x` },
      { source: `/${endpoint!.path}`, destination: '/quickstart' },
    ]);
    expect(problems.map((p) => [p.code, p.pointer])).toEqual([
      ['redirect-not-found', '/redirects/1/destination'],
      ['redirect-shadows-page', '/redirects/2/source'],
    ]);
    expect(problems[0].suggest).toBe(`/${endpoint!.path}`);
    expect(problems[1].message).toContain(`the generated page "/${endpoint!.path}"`);
  });
});
