import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot, packageRootAbove } from '../src/package-root.js';
import { tempTrees } from './config/temp-tree.js';

const tree = tempTrees('docsnav-package-root-');
const PACKAGE = { 'package.json': '{}', 'docs/rules/x.md': '# x\n' };

describe('packageRootAbove', () => {
  it('finds the package from its own folder, one below it and two below it (src/, dist/, dist/cli/)', () => {
    const root = tree({ ...PACKAGE, 'dist/cli/main.js': '' });
    expect(packageRootAbove(root)).toBe(root);
    expect(packageRootAbove(path.join(root, 'dist'))).toBe(root);
    expect(packageRootAbove(path.join(root, 'dist', 'cli'))).toBe(root);
  });

  it('looks no more than two folders up', () => {
    const root = tree({ ...PACKAGE, 'a/b/c/x.js': '' });
    expect(packageRootAbove(path.join(root, 'a', 'b', 'c'))).toBeUndefined();
  });

  it('needs both a package.json and docs/rules/, and takes the nearest folder with both', () => {
    const root = tree({
      'only-package/package.json': '{}',
      'only-docs/docs/rules/x.md': '',
      'docs-no-rules/package.json': '{}',
      'docs-no-rules/docs/guide.md': '',
      ...PACKAGE,
      'inner/package.json': '{}',
      'inner/docs/rules/y.md': '',
      'inner/dist/index.js': '',
    });
    expect(packageRootAbove(path.join(root, 'only-package'))).toBe(root);
    expect(packageRootAbove(path.join(root, 'only-docs'))).toBe(root);
    expect(packageRootAbove(path.join(root, 'docs-no-rules'))).toBe(root);
    expect(packageRootAbove(path.join(root, 'inner', 'dist'))).toBe(path.join(root, 'inner'));
  });

  it('this checkout is the package its modules find', () => {
    expect(packageRoot()).toBe(path.resolve(__dirname, '..'));
    expect(packageRoot()).toBe(packageRoot());
  });
});
