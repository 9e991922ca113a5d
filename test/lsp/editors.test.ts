/**
 * docs/editors.md's Neovim and Helix setups start a working server: the command each gives, run in this
 * repository (where `npx --no docsnav` is the checkout's own docsnav), answers an editor's
 * handshake and reports the broken example's problems.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startClient, uriOf } from '../../bench/lsp-client.mjs';
import { readmeBlock } from '../readme-blocks.mjs';

const REPO = path.resolve(import.meta.dirname, '../..');
/** Only for a server that neither answers nor exits. */
const HANG_GUARD_MS = 15 * 60_000;
const quoted = (text: string) => [...text.matchAll(/['"]([^'"]*)['"]/g)].map((match) => match[1]);

function neovimCommand(): { command: string[]; rootMarkers: string[] } {
  const lua = readmeBlock('neovim').text;
  return { command: quoted(/cmd = \{([^}]*)\}/.exec(lua)![1]), rootMarkers: quoted(/root_markers = \{([^}]*)\}/.exec(lua)![1]) };
}

function helixCommand(): string[] {
  const toml = readmeBlock('helix').text;
  const server = /\[language-server\.docsnav\]\ncommand = "([^"]+)"\nargs = \[([^\]]*)\]/.exec(toml)!;
  return [server[1], ...quoted(server[2])];
}

describe.each([
  ['neovim', () => neovimCommand().command],
  ['helix', helixCommand],
])('the %s setup', (_editor, commandOf) => {
  // Waits for events only: the diagnostics, or the server's exit (which fails the wait at once, with
  // its stderr). `npx` starting the server takes what the machine's load makes it take; the test's
  // own limit is a hang guard far above that, never a measure of it.
  it('starts docsnav lsp and shows the broken example problems', { timeout: HANG_GUARD_MS }, async () => {
    const command = commandOf();
    expect(command.slice(-2)).toEqual(['lsp', '--stdio']);
    const site = path.join(REPO, 'fixtures', 'broken');
    const client = await startClient(site, { command, cwd: REPO });
    try {
      const diagnostics = await client.nextDiagnostics(uriOf(path.join(site, 'docs.json')), () => true, Infinity);
      // The broken fixture's problems under the default (platform) profile, as `docsnav validate` reports them.
      expect(diagnostics).toHaveLength(12);
    } finally {
      await client.stop();
    }
  });
});

/** Debian's packaged Neovim (0.7.2 on Debian 12: `apt-get install neovim`), when installed. */
const nvimVersion = (() => {
  const run = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.split('\n', 1)[0] : undefined;
})();

/**
 * docs/editors.md's Neovim block as a user's whole init.lua, in a real Neovim, headless: it opens the
 * broken example's docs.json, starts `npx --no docsnav lsp --stdio` for it, and Neovim's own LSP
 * client shows the problems. A Lua autocommand on DiagnosticChanged (set before the file is opened)
 * writes their count and quits: the test waits for that event, or Neovim's exit, never a clock.
 */
describe.runIf(nvimVersion !== undefined)(`the Neovim setup in ${nvimVersion ?? 'Neovim (not installed)'}, headless`, () => {
  it('starts docsnav lsp for docs.json and shows its 12 problems', { timeout: HANG_GUARD_MS }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsnav-nvim-'));
    try {
      const init = path.join(dir, 'init.lua');
      writeFileSync(init, readmeBlock('neovim').text);
      const driver = path.join(dir, 'driver.lua');
      writeFileSync(
        driver,
        [
          // The file is open (its FileType fired) once Neovim has started: no client then is a setup that started none.
          "vim.api.nvim_create_autocmd('VimEnter', { callback = function()",
          // (get_client_by_id: Neovim 0.7 lists a client as active only once the server has answered initialize.)
          '  if vim.lsp.get_client_by_id(1) ~= nil then return end',
          '  local out = io.open(os.getenv("DOCSNAV_OUT"), "w"); out:write("no client started: " .. vim.v.errmsg); out:close()',
          "  vim.cmd('qa!')",
          'end })',
          "vim.api.nvim_create_autocmd('DiagnosticChanged', { callback = function()",
          '  local count = #vim.diagnostic.get(vim.fn.bufnr(os.getenv("DOCSNAV_FILE")))',
          '  if count == 0 then return end',
          '  local out = io.open(os.getenv("DOCSNAV_OUT"), "w"); out:write(tostring(count)); out:close()',
          "  vim.cmd('qa!')",
          'end })',
        ].join('\n'),
      );
      const file = path.join(REPO, 'fixtures', 'broken', 'docs.json');
      const out = path.join(dir, 'count');
      // --clean: no user config, no plugins; -u: the documented block is the init.lua; --cmd: the driver before any file is read.
      const nvim = spawn('nvim', ['--headless', '--clean', '-u', init, '--cmd', `luafile ${driver}`, file], {
        cwd: REPO,
        env: { ...process.env, DOCSNAV_FILE: file, DOCSNAV_OUT: out },
        stdio: 'ignore',
      });
      const code = await new Promise<number | null>((resolve) => nvim.once('exit', resolve));
      expect(code).toBe(0);
      // The broken fixture's problems under the default (platform) profile, as `docsnav validate` reports them (13 under spec).
      expect(readFileSync(out, 'utf8')).toBe('12');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

it('the Neovim setup finds the site by the names docsnav looks for', () => {
  expect(neovimCommand().rootMarkers).toEqual(['docs.json', 'docs.yaml', 'docs.yml']);
});

it('the Helix setup hands docsnav JSON, YAML and Markdown', () => {
  const toml = readmeBlock('helix').text;
  const languages = [...toml.matchAll(/name = "(\w+)"\nlanguage-servers = \[([^\]]*)\]/g)].map((match) => [match[1], quoted(match[2]).includes('docsnav')]);
  expect(languages).toEqual([
    ['json', true],
    ['yaml', true],
    ['markdown', true],
  ]);
});
