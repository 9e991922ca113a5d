/**
 * Vectors trained on the deployed sites' own text, for `npm run eval:assistant -- --reader` to
 * measure the assistant's hybrid path (embeddings configured: dense retrieval fused with the
 * lexical ranking) where no embeddings model runs (issue 60 items 3 and 5): latent semantic
 * analysis, a truncated SVD of the sections' tf·idf matrix (randomized, Halko et al. 2011), served
 * as an OpenAI-compatible embeddings endpoint on 127.0.0.1 that the server calls like any other.
 * A text's vector is its tf·idf row projected on the first `dimensions` right singular vectors.
 */
import { createServer } from 'node:http';

/** Orthonormalises the columns of `m` (rows × cols, row-major) in place (modified Gram-Schmidt). */
function orthonormalise(m, rows, cols) {
  for (let j = 0; j < cols; j++) {
    for (let i = 0; i < j; i++) {
      let dot = 0;
      for (let r = 0; r < rows; r++) dot += m[r * cols + i] * m[r * cols + j];
      for (let r = 0; r < rows; r++) m[r * cols + j] -= dot * m[r * cols + i];
    }
    let norm = 0;
    for (let r = 0; r < rows; r++) norm += m[r * cols + j] ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let r = 0; r < rows; r++) m[r * cols + j] /= norm;
  }
}

/** Eigenvectors and eigenvalues of a symmetric n × n matrix (cyclic Jacobi). */
function symmetricEigen(a, n) {
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q] ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < n; p++)
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q];
        if (Math.abs(apq) < 1e-15) continue;
        const theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p];
          const akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k];
          const aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p];
          const vkq = v[k * n + q];
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
  }
  return { values: Array.from({ length: n }, (_, i) => a[i * n + i]), vectors: v };
}

/**
 * Trains the vectors on `texts` (one per section) with `words(text)` its terms, and returns
 * `embed(text)`: a normalised Float32Array of `dimensions` numbers.
 */
export function trainLsa(texts, words, dimensions = 100) {
  const ids = new Map();
  const rows = texts.map((text) => {
    const counts = new Map();
    for (const word of words(text)) {
      let id = ids.get(word);
      if (id === undefined) ids.set(word, (id = ids.size));
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  });
  const terms = ids.size;
  const df = new Float64Array(terms);
  for (const row of rows) for (const id of row.keys()) df[id]++;
  const idf = Float64Array.from(df, (count) => Math.log(rows.length / count));
  const weighted = (counts) => {
    const entries = [...counts].map(([id, count]) => [id, (1 + Math.log(count)) * idf[id]]);
    const norm = Math.sqrt(entries.reduce((sum, [, value]) => sum + value * value, 0)) || 1;
    return entries.map(([id, value]) => [id, value / norm]);
  };
  const matrix = rows.map(weighted);
  const l = Math.min(dimensions + 10, terms, rows.length);
  // Y = A·Ω (documents × l), then two power iterations: Y = A·(Aᵀ·Q).
  let random = 12345;
  const next = () => ((random = (Math.imul(random, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1;
  let omega = Float64Array.from({ length: terms * l }, next);
  const times = (right) => {
    const out = new Float64Array(matrix.length * l);
    matrix.forEach((row, r) => {
      for (const [id, value] of row) for (let j = 0; j < l; j++) out[r * l + j] += value * right[id * l + j];
    });
    return out;
  };
  const transposedTimes = (left) => {
    const out = new Float64Array(terms * l);
    matrix.forEach((row, r) => {
      for (const [id, value] of row) for (let j = 0; j < l; j++) out[id * l + j] += value * left[r * l + j];
    });
    return out;
  };
  let q = times(omega);
  orthonormalise(q, matrix.length, l);
  for (let power = 0; power < 2; power++) {
    omega = transposedTimes(q);
    orthonormalise(omega, terms, l);
    q = times(omega);
    orthonormalise(q, matrix.length, l);
  }
  // B = Qᵀ·A (l × terms), stored transposed (terms × l); its right singular vectors from B·Bᵀ.
  const bt = transposedTimes(q);
  const bbt = new Float64Array(l * l);
  for (let t = 0; t < terms; t++)
    for (let i = 0; i < l; i++) {
      const bi = bt[t * l + i];
      if (bi === 0) continue;
      for (let j = 0; j < l; j++) bbt[i * l + j] += bi * bt[t * l + j];
    }
  const { values, vectors } = symmetricEigen(bbt, l);
  const order = values
    .map((value, index) => [value, index])
    .sort((a, b) => b[0] - a[0])
    .slice(0, dimensions);
  const k = order.length;
  // The term vectors: Vₖ·Σₖ = Bᵀ·Uₖ (terms × k).
  const termVectors = new Float32Array(terms * k);
  for (let t = 0; t < terms; t++)
    order.forEach(([, index], c) => {
      let sum = 0;
      for (let i = 0; i < l; i++) sum += bt[t * l + i] * vectors[i * l + index];
      termVectors[t * k + c] = sum;
    });
  return (text) => {
    const counts = new Map();
    for (const word of words(text)) {
      const id = ids.get(word);
      if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const out = new Float32Array(k);
    for (const [id, value] of weighted(counts)) for (let c = 0; c < k; c++) out[c] += value * termVectors[id * k + c];
    const norm = Math.sqrt(out.reduce((sum, value) => sum + value * value, 0)) || 1;
    return out.map((value) => value / norm);
  };
}

/** An OpenAI-compatible embeddings endpoint on 127.0.0.1 answering with `embed`; its base URL and close. */
export async function embeddingsEndpoint(embed) {
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const { input } = JSON.parse(raw);
      const texts = Array.isArray(input) ? input : [input];
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          object: 'list',
          data: texts.map((text, index) => ({ object: 'embedding', index, embedding: Array.from(embed(String(text))) })),
          model: 'lsa',
          usage: { prompt_tokens: 0, total_tokens: 0 },
        }),
      );
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
