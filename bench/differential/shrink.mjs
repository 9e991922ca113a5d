/**
 * Shrinks a generated site that shows a difference to a minimal one that still shows it: removes
 * array entries, object keys and files one at a time (docs.json's required keys aside), keeping
 * each removal after which `stillFails(files)` holds, until no single removal keeps it. Greedy
 * (ddmin's one-at-a-time phase): the result is 1-minimal, each attempt one build.
 */

/** docs.json keys the platform's schema needs: removing one is a different failure, never a smaller case. */
const REQUIRED = new Set(['$schema', 'theme', 'name', 'colors', 'navigation']);

/** Every single removal from a JSON value: `{ path, apply }` where apply returns the value without it. */
function* removals(value, trail = []) {
  if (Array.isArray(value)) {
    for (let i = value.length - 1; i >= 0; i--) {
      yield { path: [...trail, i], apply: (root) => edit(root, trail, (node) => node.filter((_, at) => at !== i)) };
    }
    for (let i = 0; i < value.length; i++) yield* removals(value[i], [...trail, i]);
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      if (trail.length === 0 && REQUIRED.has(key)) continue;
      yield {
        path: [...trail, key],
        apply: (root) =>
          edit(root, trail, (node) => {
            const copy = { ...node };
            delete copy[key];
            return copy;
          }),
      };
    }
    for (const key of Object.keys(value)) yield* removals(value[key], [...trail, key]);
  }
}

/** A copy of `root` with the node at `trail` replaced by `change(node)`. */
function edit(root, trail, change) {
  if (trail.length === 0) return change(root);
  const [head, ...rest] = trail;
  const copy = Array.isArray(root) ? [...root] : { ...root };
  copy[head] = edit(root[head], rest, change);
  return copy;
}

/**
 * The smallest site found (files) and how many builds it took. `budget` bounds the builds: a
 * shrink that runs out returns the smallest site so far.
 */
export async function shrink(files, stillFails, { budget = 400 } = {}) {
  let current = { ...files };
  let tries = 0;
  let progress = true;
  while (progress && tries < budget) {
    progress = false;
    // The site's config: docs.json, or a mint.json where there is none.
    const config = current['docs.json'] === undefined && current['mint.json'] !== undefined ? 'mint.json' : 'docs.json';
    // Files other than the config first: each removed file is a whole subtree less to read.
    for (const name of Object.keys(current)) {
      if (name === config || tries >= budget) continue;
      const candidate = { ...current };
      delete candidate[name];
      tries++;
      if (await stillFails(candidate)) {
        current = candidate;
        progress = true;
      }
    }
    const docs = JSON.parse(current[config]);
    for (const removal of removals(docs)) {
      if (tries >= budget) break;
      const candidate = { ...current, [config]: JSON.stringify(removal.apply(docs), null, 2) };
      tries++;
      if (await stillFails(candidate)) {
        current = candidate;
        progress = true;
        break; // the paths of the remaining removals were computed on the old docs.json
      }
    }
  }
  return { files: current, tries };
}
