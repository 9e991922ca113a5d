/**
 * README.md's Neovim and Helix setups start a working server: the command each gives, run in this
 * repository (where `npx --no docsnav` is the checkout's own docsnav), answers an editor's
 * handshake and reports the broken example's problems.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startClient, uriOf } from '../../bench/lsp-client.mjs';
import { readmeBlock } from '../readme-blocks.mjs';

const REPO = path.resolve(import.meta.dirname, '../..');
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
  it('starts docsnav lsp and shows the broken example problems', async () => {
    const command = commandOf();
    expect(command.slice(-2)).toEqual(['lsp', '--stdio']);
    const site = path.join(REPO, 'fixtures', 'broken');
    const client = await startClient(site, { command, cwd: REPO });
    try {
      const diagnostics = await client.nextDiagnostics(uriOf(path.join(site, 'docs.json')), () => true, 60_000);
      // The broken fixture's problems under the default (platform) profile, as `docsnav validate` reports them.
      expect(diagnostics).toHaveLength(12);
    } finally {
      await client.stop();
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
