/**
 * A scripted OpenAI-compatible embeddings server on 127.0.0.1 (issue 69): `POST <base>/embeddings`
 * with `{ model, input }` answers `{ object: 'list', data: [{ index, embedding }], model, usage }`
 * as OpenAI, Ollama, llama.cpp, vLLM and LM Studio do. Its vectors are deterministic: the words of
 * a text and each pair of neighbouring words, lower-cased, hashed (FNV-1a) into `dimensions` with a
 * hashed sign. Words of one `synonyms` group count as the group's first word, so a test can make
 * the vectors find what the words alone do not. No model, no download: it stands in for the
 * operator's model server in the tests and lets `npm run eval:assistant -- --embeddings <url>` and
 * the README's recipe run anywhere.
 *
 * `node server/eval/hashed-embeddings.mjs [--port 8089] [--dimensions 256]` serves it until
 * stopped (Ctrl-C); `startHashedEmbeddings(options)` starts one in process, with `behaviour` to
 * make it misbehave (the failure paths of the tests) and what it was asked (`requests`).
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

/** FNV-1a of a string (32 bits). */
function fnv(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** The vector of a text: its words and neighbouring pairs hashed into `dimensions`, each with a hashed sign. */
function hashedVector(text, dimensions = 1024, canonical = new Map()) {
  const vector = new Array(dimensions).fill(0);
  const words = (
    String(text)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).map((word) => canonical.get(word) ?? word);
  const grams = [...words, ...words.slice(1).map((word, i) => `${words[i]} ${word}`)];
  for (const gram of grams) {
    const hash = fnv(gram);
    vector[hash % dimensions] += hash & 0x80000000 ? -1 : 1;
  }
  return vector;
}

/**
 * Starts the server. `behaviour` can be changed while it runs: `mode` is `ok`, `fail` (500 with a
 * JSON error), `html` (a 200 HTML page), `redirect` (307 to `redirectTo`), `flood` (a JSON body
 * of `floodBytes`), `short` (one vector fewer than asked), `nan` (a vector holding a string) or
 * `slow` (each answer after `delayMs`); `failAfterInputs` fails every request that would take the
 * number of texts embedded past it.
 */
export async function startHashedEmbeddings({ port = 0, dimensions = 1024, synonyms = [] } = {}) {
  const canonical = new Map();
  for (const group of synonyms) for (const word of group) canonical.set(word.toLowerCase(), group[0].toLowerCase());
  const behaviour = { mode: 'ok', redirectTo: '', delayMs: 0, floodBytes: 64 * 2 ** 20, failAfterInputs: Infinity };
  /** Each request: its path, model and how many texts it asked for (answered or not). */
  const requests = [];
  let embedded = 0;
  const server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', async () => {
      let body;
      try {
        body = JSON.parse(raw);
      } catch {
        response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"not JSON"}}');
        return;
      }
      const input = Array.isArray(body.input) ? body.input : [body.input];
      requests.push({ path: request.url, model: body.model, inputs: input.length });
      const error = (status, message) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message } }));
      if (!request.url?.endsWith('/embeddings') || request.method !== 'POST') return error(404, 'not found');
      if (behaviour.mode === 'fail' || embedded + input.length > behaviour.failAfterInputs) return error(500, 'the model is not loaded');
      if (behaviour.mode === 'html') return response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in to the proxy</body></html>');
      if (behaviour.mode === 'redirect') return response.writeHead(307, { location: behaviour.redirectTo }).end();
      if (behaviour.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
      if (response.destroyed) return;
      if (behaviour.mode === 'flood') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"object":"list","data":[{"object":"embedding","index":0,"embedding":[');
        const chunk = '0.5,'.repeat(16384);
        for (let sent = 0; sent < behaviour.floodBytes && !response.destroyed; sent += chunk.length) {
          if (!response.write(chunk)) await new Promise((resolve) => response.once('drain', resolve).once('close', resolve));
        }
        response.end('0.5]}]}');
        return;
      }
      const vectors = input.map((text) => hashedVector(text, dimensions, canonical));
      if (behaviour.mode === 'short') vectors.pop();
      if (behaviour.mode === 'nan') vectors[0][0] = 'NaN';
      embedded += vectors.length;
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          object: 'list',
          model: body.model,
          data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
          usage: { prompt_tokens: 0, total_tokens: 0 },
        }),
      );
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
    behaviour,
    requests,
    /** How many texts it embedded (answered). */
    get embedded() {
      return embedded;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '8089' }, dimensions: { type: 'string', default: '1024' } } });
  const port = Number(values.port);
  const dimensions = Number(values.dimensions);
  if (!Number.isInteger(port) || port < 0 || port > 65535 || !Number.isInteger(dimensions) || dimensions < 1) {
    console.error('hashed-embeddings: --port takes 0-65535 and --dimensions a whole number above 0');
    process.exit(2);
  }
  const endpoint = await startHashedEmbeddings({ port, dimensions });
  console.log(`hashed-embeddings: serving ${dimensions}-dimension vectors at ${endpoint.baseUrl} (POST ${endpoint.baseUrl}/embeddings); Ctrl-C stops it`);
  const stop = async () => {
    await endpoint.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
