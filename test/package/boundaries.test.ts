/**
 * The server package reaches docsnav through its public API only, and the library never reaches
 * the server (scripts/check-boundaries.mjs): on this repository, and on a planted tree that
 * breaks each rule, so the check is shown to notice.
 */
import { describe, expect, it } from 'vitest';
import { boundaryViolations, checkBoundaries } from '../../scripts/check-boundaries.mjs';
import { tempTrees } from '../config/temp-tree.js';

const check = boundaryViolations;
const tree = tempTrees('docsnav-boundaries-');

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

  it('reads every import form and every source file, and no folder of built or installed code', () => {
    const root = tree({
      'package.json': manifest,
      'server/src/forms.ts': [
        "export { a } from '../../src/a.js';",
        "import b = require('../../src/b.js');",
        "const c = require('/abs/docsnav/dist/index.js');",
        "export type { D } from 'docsnav/dist/d.js';",
        'export { b, c };',
      ].join('\n'),
      'server/src/sub/plain.mjs': "import x from '../../../lib/x.mjs';\nexport default x;\n",
      'server/src/sub/common.cjs': "module.exports = require('../../../lib/y.cjs');\n",
      'server/src/types.d.ts': "import type { T } from '../../src/t.js';\nexport type { T };\n",
      'server/src/data.json': '{ "a": "../../src/a.js" }\n',
      'server/src/node_modules/dep/index.js': "import '../../../../src/x.js';\n",
      'server/src/dist/built.js': "import '../../../src/x.js';\n",
      'server/bench/.out/made.mjs': "import '../../../src/x.js';\n",
      'src/sub/uses.ts': "import type { S } from '@docsnav/server/types';\nexport type { S };\n",
    });
    expect(check(root)).toEqual([
      'server/src/forms.ts:1: "../../src/a.js" reaches outside the server package (src/a.js): import docsnav by its package name',
      'server/src/forms.ts:2: "../../src/b.js" reaches outside the server package (src/b.js): import docsnav by its package name',
      'server/src/forms.ts:3: "/abs/docsnav/dist/index.js" is an absolute path: import docsnav by its package name',
      'server/src/forms.ts:4: "docsnav/dist/d.js" is not one of docsnav\'s public exports (docsnav, docsnav/package.json, docsnav/schema/docs.schema.json)',
      'server/src/sub/common.cjs:1: "../../../lib/y.cjs" reaches outside the server package (lib/y.cjs): import docsnav by its package name',
      'server/src/sub/plain.mjs:1: "../../../lib/x.mjs" reaches outside the server package (lib/x.mjs): import docsnav by its package name',
      'src/sub/uses.ts:1: "@docsnav/server/types": the library never imports the server package',
    ]);
  });

  it('allows a folder of server/ whose name starts as the package’s does, and the package name alone', () => {
    const root = tree({
      'package.json': manifest,
      'server/src/a.ts': "export * from 'docsnav';\nexport * from 'docsnav/package.json';\n",
      'src/a.ts': "import { x } from '../serverless/x.js';\nimport { y } from '@docsnav/serverless';\nexport { x, y };\n",
      'serverless/x.ts': 'export const x = 1;\n',
    });
    expect(check(root)).toEqual([]);
    // server-side, a sibling folder whose name begins with "server" is outside the package.
    const sibling = tree({ 'package.json': manifest, 'server/src/a.ts': "export * from '../../server-old/a.js';\n", 'server-old/a.ts': '' });
    expect(check(sibling)).toEqual([
      'server/src/a.ts:1: "../../server-old/a.js" reaches outside the server package (server-old/a.js): import docsnav by its package name',
    ]);
  });

  it('the program: one line on standard output and exit 0 when none crosses; each line, then their count, on standard error and exit 1', () => {
    const out: string[] = [];
    const err: string[] = [];
    const run = (root: string) =>
      (checkBoundaries as (root: string, out: (t: string) => void, err: (t: string) => void) => number)(
        root,
        (t) => out.push(t),
        (t) => err.push(t),
      );
    expect(run(tree({ 'package.json': manifest, 'server/src/a.ts': "export * from 'docsnav';\n" }))).toBe(0);
    expect([out.splice(0), err.splice(0)]).toEqual([['docsnav ↔ @docsnav/server: every import goes through the public API\n'], []]);
    const bad = tree({ 'package.json': manifest, 'server/src/a.ts': "export * from '../../src/a.js';\nexport * from '/x.js';\n" });
    expect(run(bad)).toBe(1);
    expect([out.splice(0), err.splice(0)]).toEqual([
      [],
      [
        'server/src/a.ts:1: "../../src/a.js" reaches outside the server package (src/a.js): import docsnav by its package name\n',
        'server/src/a.ts:2: "/x.js" is an absolute path: import docsnav by its package name\n',
        '2 import(s) cross the boundary between docsnav and @docsnav/server\n',
      ],
    ]);
  });
});
