import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, no declarations
import { DOT_FILE, SVG_FILE, commandLine, cruise, dot, house, roomOf, sha256, svgOf } from '../../scripts/architecture.mjs';
import { hangGuard } from '../time-scale.mjs';

/**
 * docs/architecture.md's graph and words are the code's: the DOT committed beside it is the one
 * scripts/architecture.mjs makes of the sources now, the SVG was drawn from that DOT, no import
 * runs back up, and the page's paragraph of each room says "no I/O" exactly when the room imports
 * no module that touches the disk, processes, threads or the network. The script's parts (house on a
 * planted dependency-cruiser result, dot, svgOf with the real Graphviz, the command line) are tested in
 * process on small graphs, without dependency-cruiser's run (the mutation step's tests must be quick).
 */

interface Room {
  room: string;
  layer?: number;
  io: string[];
}
interface Edge {
  from: string;
  to: string;
  back: boolean;
}
interface House {
  rooms: Room[];
  edges: Edge[];
  layers: number;
}

const REPO = path.resolve(import.meta.dirname, '..', '..');
const PAGE = path.join(REPO, 'docs', 'architecture.md');

const temp = mkdtempSync(path.join(tmpdir(), 'docsnav-architecture-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A module of dependency-cruiser's JSON: its source and its dependencies (`[module, resolved, core?]`). */
const cruised = (source: string, ...dependencies: [string, string, boolean?][]) => ({
  source,
  dependencies: dependencies.map(([name, resolved, coreModule = false]) => ({ module: name, resolved, coreModule })),
});

describe('roomOf', () => {
  it.each([
    ['src/cache/key.ts', 'src/cache/'],
    ['src/validate.ts', 'src/validate.ts'],
    ['server/src/http/app.ts', 'server/src/http/'],
    ['server/src/core.ts', 'server/src/core.ts'],
    ['bench/src/generate.ts', undefined],
    ['server/test/app.test.ts', undefined],
    ['node_modules/docsnav/src/index.ts', undefined],
  ])('%s is in %s', (source, room) => {
    expect(roomOf(source)).toBe(room);
  });
});

describe('cruise', () => {
  it("fails with dependency-cruiser's exit code and last line", () => {
    expect(() => cruise('no-such.cjs')).toThrow(
      new Error('dependency-cruiser failed (exit 1):          - If you intended to run without a config file use --no-config'),
    );
  });
});

describe('house, on what dependency-cruiser found', () => {
  // Real rooms of .dependency-cruiser.cjs's layers: text.ts and codes.ts in the base (0), navigation/ and
  // redirects/ in 2, pages/ in 3, validate.ts in 12, cli/ and lsp/ on top (14); unknown/ in none.
  const found = () =>
    house({
      modules: [
        cruised(
          'src/navigation/model.ts',
          ['../text.js', 'src/text.ts'],
          ['node:fs', 'fs', true],
          ['node:path', 'path', true],
          ['../pages/scan.js', 'src/pages/scan.ts'],
          ['./tree.js', 'src/navigation/tree.ts'],
        ),
        cruised(
          'src/navigation/tree.ts',
          ['../redirects/map.js', 'src/redirects/map.ts'],
          ['node:fs', 'fs', true],
          ['fs/promises', 'fs/promises', true],
          ['../text.js', 'src/text.ts'],
        ),
        cruised('src/pages/scan.ts', ['../navigation/model.js', 'src/navigation/model.ts']),
        cruised('src/text.ts', ['./codes.js', 'src/codes.ts']),
        cruised(
          'src/cli/main.ts',
          ['../validate.js', 'src/validate.ts'],
          ['../lsp/server.js', 'src/lsp/server.ts'],
          ['node:child_process', 'child_process', true],
        ),
        cruised('src/unknown/a.ts', ['../validate.js', 'src/validate.ts']),
        cruised(
          'server/src/http/app.ts',
          ['docsnav', 'node_modules/docsnav/dist/index.js'],
          ['docsnav-extra', 'node_modules/docsnav-extra/index.js'],
          ['fastify', 'node_modules/fastify/fastify.js'],
          ['@fastify/static', 'node_modules/@fastify/static/index.js'],
          ['pgx', 'node_modules/pgx/index.js'],
          ['../store/db.js', 'server/src/store/db.ts'],
        ),
        cruised('server/src/store/db.ts', ['pg', 'node_modules/pg/lib/index.js']),
        cruised('bench/generate.mjs', ['../src/text.js', 'src/text.ts'], ['node:fs', 'fs', true]),
      ],
    });

  it('folds the modules into rooms, each with its layer and the modules it does I/O through, once each', () => {
    const { layers, rooms } = found();
    expect(layers).toBe(14);
    expect(rooms).toEqual([
      { room: 'server/src/http/', layer: undefined, io: ['@fastify/static', 'fastify'] },
      { room: 'server/src/store/', layer: undefined, io: ['pg'] },
      { room: 'src/cli/', layer: 14, io: ['node:child_process'] },
      { room: 'src/navigation/', layer: 2, io: ['fs/promises', 'node:fs'] },
      { room: 'src/pages/', layer: 3, io: [] },
      { room: 'src/text.ts', layer: 0, io: [] },
      { room: 'src/unknown/', layer: undefined, io: [] },
    ]);
  });

  it("draws one edge per importing and imported room; red where a layer's room imports its own layer or one above", () => {
    expect(found().edges).toEqual([
      { from: 'server/src/http/', to: 'docsnav', back: false },
      { from: 'server/src/http/', to: 'server/src/store/', back: false },
      { from: 'src/cli/', to: 'src/lsp/', back: false },
      { from: 'src/cli/', to: 'src/validate.ts', back: false },
      { from: 'src/navigation/', to: 'src/pages/', back: true },
      { from: 'src/navigation/', to: 'src/redirects/', back: true },
      { from: 'src/navigation/', to: 'src/text.ts', back: false },
      { from: 'src/pages/', to: 'src/navigation/', back: false },
      { from: 'src/text.ts', to: 'src/codes.ts', back: false },
      { from: 'src/unknown/', to: 'src/validate.ts', back: false },
    ]);
  });
});

/** Two layers' rooms (none in layer 1), one room of no layer, a server room, an edge running back up. */
const small: House = {
  rooms: [
    { room: 'server/src/http/', layer: undefined, io: ['fastify'] },
    { room: 'src/cli/', layer: 2, io: [] },
    { room: 'src/lsp/', layer: 2, io: ['node:net'] },
    { room: 'src/text.ts', layer: 0, io: [] },
    { room: 'src/unknown/', layer: undefined, io: [] },
  ],
  edges: [
    { from: 'server/src/http/', to: 'docsnav', back: false },
    { from: 'src/text.ts', to: 'src/cli/', back: true },
  ],
  layers: 2,
};

const SMALL_DOT = `digraph house {
  rankdir="TB"; newrank=true; nodesep=0.12; ranksep=0.35; fontname="Helvetica"; fontsize=11;
  node [shape=box, style="rounded,filled", fillcolor="#ffffff", fontname="Helvetica", fontsize=10, height=0.25];
  edge [color="#00000040", arrowsize=0.5];
  subgraph cluster_library { label="docsnav (src/): entry points on top, each layer imports only those below"; 
   { rank=same;
    "src/cli/" [label="cli/"];
    "src/lsp/" [label="lsp/", fillcolor="#dbe8f6"];
   }
   { rank=same;
    "src/text.ts" [label="text.ts"];
   }
  }
  subgraph cluster_server { label="@docsnav/server (server/src/): on docsnav's public API"; 
    "docsnav" [label="docsnav (its public API)", shape=box3d];
    "server/src/http/" [label="http/", fillcolor="#dbe8f6"];
  }
  "server/src/http/" -> "docsnav";
  "src/text.ts" -> "src/cli/" [color="#d00000", penwidth=2];
}
`;

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Stand-ins for Graphviz's `dot` (the default suite needs nothing beside the clone, and Graphviz is
 * not always installed): they read the DOT on standard input as dot does and answer as it does, an
 * SVG after an XML declaration (with the input's digest in it, so that the input is seen to reach
 * it), a bare SVG, or a syntax error with exit 1. `node scripts/architecture.mjs` runs the real one.
 */
const standIns = mkdtempSync(path.join(temp, 'dot-'));
function standIn(name: string, body: string): string {
  const file = path.join(standIns, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}
const DRAWS = standIn(
  'draws',
  [
    'digest=$(sha256sum | cut -d" " -f1)',
    'printf \'%s\\n\' \'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\' \'<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"\' "<svg><title>$digest</title></svg>"',
  ].join('\n'),
);
const DRAWS_BARE = standIn('draws-bare', "cat >/dev/null\nprintf '<svg/>\\n'");
const FAILS = standIn('fails', "cat >/dev/null\necho 'Error: <stdin>: syntax error in line 1' >&2\nexit 1");

describe('dot and svgOf', () => {
  it("writes the library's layers top down as ranks (an empty layer none), the server beside, I/O rooms shaded, back edges red", () => {
    expect(dot(small)).toBe(SMALL_DOT);
  });

  it("stamps Graphviz's SVG, after its XML declaration (or at its top without one), with the SHA-256 of the DOT it drew", () => {
    const svg = svgOf(SMALL_DOT, DRAWS) as string;
    expect(sha256(SMALL_DOT)).toBe(hash(SMALL_DOT));
    expect(svg.split('\n')).toEqual([
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
      `<!-- drawn from docs/architecture.dot, sha256 ${hash(SMALL_DOT)} -->`,
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"',
      `<svg><title>${hash(SMALL_DOT)}</title></svg>`,
      '',
    ]);
    expect((svgOf(SMALL_DOT, DRAWS_BARE) as string).split('\n').slice(0, 2)).toEqual([
      `<!-- drawn from docs/architecture.dot, sha256 ${hash(SMALL_DOT)} -->`,
      '<svg/>',
    ]);
  });

  it('is undefined when the command is not on PATH, and throws with what dot said when it fails', () => {
    expect(svgOf(SMALL_DOT, 'docsnav-no-such-dot')).toBeUndefined();
    expect(() => svgOf('digraph {', FAILS)).toThrow(/^dot failed: Error: <stdin>: syntax error in line 1$/);
  });
});

describe('the command line (node scripts/architecture.mjs)', () => {
  const files = () => {
    const folder = mkdtempSync(path.join(temp, 'docs-'));
    return { dotFile: path.join(folder, 'architecture.dot'), svgFile: path.join(folder, 'architecture.svg') };
  };

  it('--json prints the graph and writes nothing', () => {
    const { dotFile, svgFile } = files();
    expect(commandLine(['--json'], { graph: small, dotFile, svgFile })).toEqual({ code: 0, stdout: `${JSON.stringify(small, null, 2)}\n`, stderr: '' });
    expect([existsSync(dotFile), existsSync(svgFile)]).toEqual([false, false]);
  });

  it('writes the DOT and the SVG drawn from it, and counts what it drew', () => {
    const { dotFile, svgFile } = files();
    expect(commandLine([], { graph: small, dotFile, svgFile, command: DRAWS })).toEqual({
      code: 0,
      stdout: 'architecture: 5 rooms, 2 edges, 1 running back up; wrote docs/architecture.dot and .svg\n',
      stderr: '',
    });
    expect(readFileSync(dotFile, 'utf8')).toBe(SMALL_DOT);
    expect(readFileSync(svgFile, 'utf8')).toBe(svgOf(SMALL_DOT, DRAWS));
  });

  it('without Graphviz: the DOT written, the SVG not, exit 2 with one line', () => {
    const { dotFile, svgFile } = files();
    expect(commandLine([], { graph: small, dotFile, svgFile, command: 'docsnav-no-such-dot' })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'architecture: Graphviz `dot` is not on PATH; docs/architecture.svg not redrawn (apt-get install graphviz)\n',
    });
    expect(readFileSync(dotFile, 'utf8')).toBe(SMALL_DOT);
    expect(existsSync(svgFile)).toBe(false);
  });
});

describe('the sources as they are', () => {
  let graph: House;
  // dependency-cruiser reads both packages' sources (about 40 s of one core on a busy machine), only when
  // a test of the sources runs (not for the tests of the script's parts above).
  beforeAll(() => {
    graph = house();
  }, hangGuard(600_000));

  describe('docs/architecture.md', () => {
    it('commits the graph the sources make now (node scripts/architecture.mjs redraws it)', () => {
      expect(readFileSync(DOT_FILE, 'utf8')).toBe(dot(graph));
    });

    it('shows the image drawn from that graph', () => {
      const svg = readFileSync(SVG_FILE, 'utf8');
      expect(svg).toContain(`sha256 ${sha256(readFileSync(DOT_FILE, 'utf8'))}`);
      expect(readFileSync(PAGE, 'utf8')).toContain('](architecture.svg)');
    });

    it('has no import that runs back up', () => {
      expect(graph.edges.filter((edge) => edge.back)).toEqual([]);
    });

    it('gives every room one paragraph, saying "no I/O" exactly where the room does none', () => {
      const page = readFileSync(PAGE, 'utf8');
      const items = new Map<string, string>();
      for (const match of page.matchAll(/^- \*\*`([^`]+)`\*\*:(.*)$/gm)) items.set(match[1], match[2]);
      expect([...items.keys()].sort()).toEqual(graph.rooms.map((entry) => entry.room).sort());
      const wrong = graph.rooms
        .filter((entry) => items.get(entry.room)!.includes('no I/O') !== (entry.io.length === 0))
        .map((entry) => `${entry.room} (imports ${entry.io.join(', ') || 'nothing that does I/O'})`);
      expect(wrong).toEqual([]);
    });
  });

  describe("CONTRIBUTING.md's map", () => {
    it('names every folder of the repository and every room of src/ and server/src/', () => {
      const contributing = readFileSync(path.join(REPO, 'CONTRIBUTING.md'), 'utf8');
      const map = /## How the house is laid out\n\n```\n([\s\S]*?)\n```/.exec(contributing)![1];
      const named = (name: string) => new RegExp(`(^|[\\s(,])${name.replaceAll('.', '\\.').replaceAll('/', '\\/')}`, 'm').test(map);
      const missing = [
        ...execFileSync('git', ['ls-tree', '-d', '--name-only', 'HEAD'], { cwd: REPO, encoding: 'utf8' })
          .split('\n')
          .filter(Boolean)
          .map((folder) => `${folder}/`),
        ...graph.rooms.map((entry) => entry.room.replace(/^(server\/)?src\//, '')),
      ].filter((name) => !named(name));
      expect(missing).toEqual([]);
    });
  });
});
