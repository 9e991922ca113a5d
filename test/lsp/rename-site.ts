/** The site the rename tests move pages in (test/lsp/renames.test.ts through the built server, in-process-renames.test.ts in this process). */
import { docsJson, siteWith } from '../move/harness.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

/** A site valid under the default (platform) profile: docs.json's diagnostics are the rename's alone. */
export function renameSite(): string {
  return siteWith({
    'docs.json': docsJson(['index', 'guides/a', 'guides/b'], REQUIRED_SETTINGS),
    'index.mdx': '# Home\n\n[A](/guides/a) and [B](guides/b)\n',
    'guides/a.mdx': '# A\n\n[B](./b)\n',
    'guides/b.mdx': '# B\n\n[A](./a#a)\n',
  });
}
