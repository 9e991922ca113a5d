/**
 * The house's graph for docs/architecture.md: dependency-cruiser's modules of both packages,
 * folded into rooms (a folder of src/ or server/src/, or a file of its own at the top), one edge
 * per importing room and imported room. The library's rooms sit in the layers of
 * .dependency-cruiser.cjs, entry points on top; an edge into its own layer or above (an import
 * that runs back up) is drawn red. A room that imports a module touching the disk, processes or
 * the network (IO_MODULES) is shaded: the others do no I/O.
 *
 *   node scripts/architecture.mjs           writes docs/architecture.dot and, with Graphviz's
 *                                           `dot` on PATH, docs/architecture.svg
 *   node scripts/architecture.mjs --json    prints the rooms and edges (test/docs/architecture.test.ts)
 *
 * The SVG carries the SHA-256 of the DOT it was drawn from, so a test can tell a stale image.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);

/** Node's modules that read or write outside the process: the disk, processes, the network, threads. */
const IO_MODULES = new Set(['fs', 'fs/promises', 'child_process', 'net', 'http', 'https', 'http2', 'tls', 'dgram', 'dns', 'worker_threads', 'readline']);
/** Packages that do I/O of their own (database drivers, the HTTP server, the model clients). */
const IO_PACKAGES = /^node_modules\/(pg|@electric-sql\/pglite|fastify|@fastify\/[^/]+|ai|@ai-sdk\/[^/]+|vscode-languageserver)(\/|$)/;

/** The room a module belongs to: `src/cache/`, `src/validate.ts`, `server/src/http/`. */
export function roomOf(source) {
  const match = /^((?:server\/)?src\/)([^/]+\/?)/.exec(source);
  return match === null ? undefined : match[1] + match[2];
}

/** dependency-cruiser's modules of both packages, by `config` (relative to the repository); throws with its last line when it fails. */
export function cruise(config = '.dependency-cruiser.cjs') {
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), 'src', 'server/src', '--config', config, '--output-type', 'json'],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`dependency-cruiser failed (exit ${run.status}): ${run.stderr.trim().split('\n').at(-1)}`);
  return JSON.parse(run.stdout);
}

/** Rooms (with whether they do I/O and their layer), and the edges between rooms. */
export function house(result = cruise()) {
  const { LAYERS, TOP } = require(path.join(root, '.dependency-cruiser.cjs')).layers;
  const layerOf = (room) => {
    if (!room.startsWith('src/')) return undefined;
    const name = room.slice('src/'.length);
    if (TOP.includes(name)) return LAYERS.length;
    const index = LAYERS.findIndex((layer) => layer.includes(name));
    return index === -1 ? undefined : index;
  };
  const rooms = new Map();
  const edges = new Map();
  for (const module of result.modules) {
    const from = roomOf(module.source);
    if (from === undefined) continue;
    if (!rooms.has(from)) rooms.set(from, { room: from, layer: layerOf(from), io: [] });
    const entry = rooms.get(from);
    for (const dependency of module.dependencies) {
      const io = dependency.coreModule ? IO_MODULES.has(dependency.module.replace(/^node:/, '')) : IO_PACKAGES.test(dependency.resolved);
      if (io) entry.io.push(dependency.module);
      const to = roomOf(dependency.resolved) ?? (/^node_modules\/docsnav(\/|$)/.test(dependency.resolved) ? 'docsnav' : undefined);
      if (to === undefined || to === from) continue;
      const key = `${from} -> ${to}`;
      if (!edges.has(key)) {
        // The base's files may import each other (no-circular keeps them apart); the top's rooms have rules of their own (the CLI starts the editor server).
        const back = entry.layer !== undefined && entry.layer > 0 && entry.layer < LAYERS.length && layerOf(to) !== undefined && layerOf(to) >= entry.layer;
        edges.set(key, { from, to, back });
      }
    }
  }
  for (const entry of rooms.values()) entry.io = [...new Set(entry.io)].sort();
  const sorted = [...rooms.values()].sort((a, b) => a.room.localeCompare(b.room));
  return { rooms: sorted, edges: [...edges.values()].sort((a, b) => `${a.from} ${a.to}`.localeCompare(`${b.from} ${b.to}`)), layers: LAYERS.length };
}

const quote = (text) => `"${text}"`;

/** The graph in Graphviz's language: the library's layers as ranks (entry points on top), the server beside. */
export function dot({ rooms, edges, layers }) {
  const lines = [
    'digraph house {',
    '  rankdir="TB"; newrank=true; nodesep=0.12; ranksep=0.35; fontname="Helvetica"; fontsize=11;',
    '  node [shape=box, style="rounded,filled", fillcolor="#ffffff", fontname="Helvetica", fontsize=10, height=0.25];',
    '  edge [color="#00000040", arrowsize=0.5];',
  ];
  const node = (entry, label) => `    ${quote(entry.room)} [label=${quote(label)}${entry.io.length > 0 ? ', fillcolor="#dbe8f6"' : ''}];`;
  lines.push('  subgraph cluster_library { label="docsnav (src/): entry points on top, each layer imports only those below"; ');
  for (let layer = layers; layer >= 0; layer -= 1) {
    const here = rooms.filter((entry) => entry.layer === layer);
    if (here.length === 0) continue;
    lines.push(`   { rank=same;`);
    for (const entry of here) lines.push(node(entry, entry.room.slice('src/'.length)));
    lines.push('   }');
  }
  lines.push('  }');
  lines.push('  subgraph cluster_server { label="@docsnav/server (server/src/): on docsnav\'s public API"; ');
  lines.push('    "docsnav" [label="docsnav (its public API)", shape=box3d];');
  for (const entry of rooms.filter((candidate) => candidate.room.startsWith('server/'))) lines.push(node(entry, entry.room.slice('server/src/'.length)));
  lines.push('  }');
  for (const edge of edges) lines.push(`  ${quote(edge.from)} -> ${quote(edge.to)}${edge.back ? ' [color="#d00000", penwidth=2]' : ''};`);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

export const sha256 = (text) => createHash('sha256').update(text).digest('hex');

export const DOT_FILE = path.join(root, 'docs', 'architecture.dot');
export const SVG_FILE = path.join(root, 'docs', 'architecture.svg');

/**
 * The SVG Graphviz's `command` draws of the DOT `text`, stamped after its XML declaration with the
 * SHA-256 of `text` (test/docs/architecture.test.ts tells a stale image by it); undefined when
 * `command` is not on PATH. Throws when it fails.
 */
export function svgOf(text, command = 'dot') {
  const drawn = spawnSync(command, ['-Tsvg'], { input: text, encoding: 'utf8' });
  if (drawn.error?.code === 'ENOENT') return undefined;
  if (drawn.status !== 0) throw new Error(`dot failed: ${drawn.stderr.trim()}`);
  return drawn.stdout.replace(/^(<\?xml[^>]*>\n)?/, (head) => `${head}<!-- drawn from docs/architecture.dot, sha256 ${sha256(text)} -->\n`);
}

/**
 * The command line (`args` after the script's name): with `--json`, the graph on standard output;
 * else the DOT written to `dotFile` and, drawn by `command`, the SVG to `svgFile`. The exit code and
 * what goes to standard output and error (the process writes them; tests call it in process).
 */
export function commandLine(args, { graph = house(), dotFile = DOT_FILE, svgFile = SVG_FILE, command = 'dot' } = {}) {
  if (args.includes('--json')) return { code: 0, stdout: `${JSON.stringify(graph, null, 2)}\n`, stderr: '' };
  const text = dot(graph);
  writeFileSync(dotFile, text);
  const svg = svgOf(text, command);
  if (svg === undefined)
    return {
      code: 2,
      stdout: '',
      stderr: 'architecture: Graphviz `dot` is not on PATH; docs/architecture.svg not redrawn (apt-get install graphviz)\n',
    };
  writeFileSync(svgFile, svg);
  const back = graph.edges.filter((edge) => edge.back).length;
  return {
    code: 0,
    stdout: `architecture: ${graph.rooms.length} rooms, ${graph.edges.length} edges, ${back} running back up; wrote docs/architecture.dot and .svg\n`,
    stderr: '',
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { code, stdout, stderr } = commandLine(process.argv.slice(2));
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  process.exitCode = code;
}
