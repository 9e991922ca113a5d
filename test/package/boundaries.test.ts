/**
 * The server package reaches docsnav through its public API only, and the library never reaches
 * the server (scripts/check-boundaries.mjs): on this repository, and on a planted tree that
 * breaks each rule, so the check is shown to notice.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { boundaryViolations } from '../../scripts/check-boundaries.mjs';

const check = boundaryViolations as (root?: string) => string[];
const temp = mkdtempSync(path.join(tmpdir(), 'docsnav-boundaries-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(temp, 'tree-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const manifest = JSON.stringify({
  name: 'docsnav',
  exports: { '.': './dist/index.js', './package.json': './package.json', './schema/docs.schema.json': './schema/docs.schema.json' },
});

describe('the boundary between docsnav and @docsnav/server', () => {
  it('holds in this repository', () => {
    expect(check()).toEqual([]);
  });

  it('allows the package name and the exported subpaths, and relative imports inside server/', () => {
    const root = tree({
      'package.json': manifest,
      'server/src/a.ts':
        "import { validateText } from 'docsnav';\nimport schema from 'docsnav/schema/docs.schema.json';\nimport { b } from './b.js';\nexport { validateText, schema, b };\n",
      'server/src/b.ts': 'export const b = 1;\n',
      'server/bench/run.mjs': "import { generateSite } from '../../bench/generate.mjs';\ngenerateSite();\n",
      'server/test/a.test.ts':
        "import { b } from '../src/b.js';\nimport { hangGuard } from '../../test/time-scale.mjs';\nconst pkg = await import('docsnav/package.json');\nexport { b, pkg, hangGuard };\n",
      'src/index.ts': "import { x } from './x.js';\nexport { x };\n",
      'src/x.ts': 'export const x = 1;\n',
    });
    expect(check(root)).toEqual([]);
  });

  it('reports every way of reaching past it, with the file and line', () => {
    const root = tree({
      'package.json': manifest,
      'server/src/deep.ts': "import { plural } from '../../src/text.js';\nexport { plural };\n",
      'server/src/jobs/dist.ts': "export { fixFile } from '../../../dist/fix/index.js';\n",
      'server/src/subpath.ts': "const { isFixable } = await import('docsnav/dist/fix/fixable.js');\nexport { isFixable };\n",
      'server/test/require.test.ts': "import fs from 'node:fs';\nconst model = require('docsnav/src/navigation/model.ts');\nexport { fs, model };\n",
      'server/bench/run.mjs': "import { validateFile } from '../../dist/index.js';\nvalidateFile('x');\n",
      // test/time-scale.mjs is the server's tests' alone: not another file of test/, not for its code or benches.
      'server/test/helper.test.ts': "import { repoWith } from '../../test/history/repo.js';\nexport { repoWith };\n",
      'server/src/limits.ts': "import { hangGuard } from '../../test/time-scale.mjs';\nexport { hangGuard };\n",
      'server/bench/time.mjs': "import { hangGuard } from '../../test/time-scale.mjs';\nhangGuard(1);\n",
      'src/cli/wrong.ts': "import { serve } from '../../server/src/cli/serve.js';\nimport { run } from '@docsnav/server';\nexport { serve, run };\n",
    });
    const found = check(root);
    expect(found).toEqual([
      'server/src/deep.ts:1: "../../src/text.js" reaches outside the server package (src/text.js): import docsnav by its package name',
      'server/src/jobs/dist.ts:1: "../../../dist/fix/index.js" reaches outside the server package (dist/fix/index.js): import docsnav by its package name',
      'server/src/limits.ts:1: "../../test/time-scale.mjs" reaches outside the server package (test/time-scale.mjs): import docsnav by its package name',
      expect.stringMatching(/^server\/src\/subpath\.ts:1: "docsnav\/dist\/fix\/fixable\.js" is not one of docsnav's public exports/),
      'server/test/helper.test.ts:1: "../../test/history/repo.js" reaches outside the server package (test/history/repo.js): import docsnav by its package name',
      expect.stringMatching(/^server\/test\/require\.test\.ts:2: "docsnav\/src\/navigation\/model\.ts" is not one of docsnav's public exports/),
      'server/bench/run.mjs:1: "../../dist/index.js" reaches outside the server package (dist/index.js): import docsnav by its package name',
      'server/bench/time.mjs:1: "../../test/time-scale.mjs" reaches outside the server package (test/time-scale.mjs): import docsnav by its package name',
      'src/cli/wrong.ts:1: "../../server/src/cli/serve.js": the library never imports the server package',
      'src/cli/wrong.ts:2: "@docsnav/server": the library never imports the server package',
    ]);
  });
});
