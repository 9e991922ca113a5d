import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, no declarations
import { DOT_FILE, SVG_FILE, dot, house, sha256 } from '../../scripts/architecture.mjs';
import { hangGuard } from '../time-scale.mjs';

/**
 * docs/architecture.md's graph and words are the code's: the DOT committed beside it is the one
 * scripts/architecture.mjs makes of the sources now, the SVG was drawn from that DOT, no import
 * runs back up, and the page's paragraph of each room says "no I/O" exactly when the room imports
 * no module that touches the disk, processes, threads or the network.
 */

interface Room {
  room: string;
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

let graph: House;
// dependency-cruiser reads both packages' sources (about 40 s of one core on a busy machine).
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
