/**
 * `docsnav upgrade` when a docs.json is made beside the mint.json while it works (after its check
 * that none is there, before it writes): src/mint/file.ts's upgrade is wrapped here to make one
 * at that moment. Without --force the one made is kept and the upgrade says so (one line, exit 2);
 * with --force it is replaced, as one there from the start would be.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { run, type CliIo } from '../../src/cli/run.js';
import { siteWith } from '../move/harness.js';

/** What to do while the upgrade works: given the mint.json's path. */
const during = vi.hoisted(() => ({ upgrade: undefined as ((mint: string) => void) | undefined }));

vi.mock('../../src/mint/file.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/mint/file.js')>();
  return {
    ...actual,
    upgradeMintText: (...args: Parameters<typeof actual.upgradeMintText>) => {
      const upgraded = actual.upgradeMintText(...args);
      during.upgrade?.(args[1]?.file ?? 'mint.json');
      return upgraded;
    },
  };
});

const MINT_JSON =
  '{\r\n\t"name": "Ünïcødé Docs",\r\n\t"favicon": "/favicon.svg",\r\n\t"colors": { "primary": "#0D9373" },\r\n\t"navigation": [\r\n\t\t{ "group": "Start", "pages": ["index"] }\r\n\t]\r\n}\r\n';
const THEIRS = '{ "made": "meanwhile" }\n';

async function docsnav(...argv: string[]) {
  let out = '';
  let err = '';
  const io: CliIo = { stdout: (text) => (out += text), stderr: (text) => (err += text), isTTY: false, env: {} };
  const code = await run(argv, io);
  return { code, stdout: out, stderr: err };
}

function site() {
  const root = siteWith({ 'mint.json': MINT_JSON, 'index.mdx': '# Home\n' });
  during.upgrade = (mint) => writeFileSync(path.join(path.dirname(mint), 'docs.json'), THEIRS);
  return { root, mint: path.join(root, 'mint.json'), docs: path.join(root, 'docs.json') };
}

describe('a docs.json made while upgrade works', () => {
  it('without --force: kept, and said in one line (exit 2); no temporary file left', async () => {
    const { root, mint, docs } = site();
    expect(existsSync(docs)).toBe(false);
    expect(await docsnav('upgrade', root)).toEqual({
      code: 2,
      stdout: '',
      stderr: `docsnav: ${docs} was made while docsnav upgraded ${mint}: --force replaces it\n`,
    });
    expect(readFileSync(docs, 'utf8')).toBe(THEIRS);
    expect(readdirSync(root).sort()).toEqual(['docs.json', 'index.mdx', 'mint.json']);
  });

  it('with --force: replaced by the upgrade', async () => {
    const { root, mint, docs } = site();
    const result = await docsnav('upgrade', root, '--force');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(
      `docsnav: wrote ${docs} from ${mint}: nothing of it is dropped or changed. The platform's build still checks a mint.json beside docs.json (and fails when it is invalid): delete ${mint} once docs.json is right.\n`,
    );
    expect(JSON.parse(readFileSync(docs, 'utf8'))).toMatchObject({ name: 'Ünïcødé Docs', theme: 'mint' });
  });
});
