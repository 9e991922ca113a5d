import type * as Yaml from 'yaml';
import type { Node } from 'yaml';
import { lazy } from '../lazy.js';
import type { Finding } from '../problem.js';
import { LineIndex } from './lines.js';
import { parsePointer } from './pointer.js';
import type { SourceFile } from './types.js';

const TOO_DEEP_YAML = 'This YAML is nested too deeply (thousands of levels) for the YAML parser; nothing in the file was checked.';

/** The YAML parser, loaded the first time a YAML file is read. */
const yaml = lazy<typeof Yaml>('yaml');

/** YAML text (docs.yaml / docs.yml, and YAML `$ref` targets) -> value with locations. */
export function parseYamlSource(file: string, text: string): SourceFile {
  const lines = new LineIndex(text);
  const { parseDocument, LineCounter } = yaml();
  const doc = parseDocument(text, { uniqueKeys: true, lineCounter: new LineCounter(), prettyErrors: false });
  const findings: Finding[] = doc.errors.slice(0, 5).map((e): Finding => {
    const span = [e.pos[0], Math.max(e.pos[1], e.pos[0] + 1)] as const;
    // The parser recurses per level and reports running out of stack as one of its errors.
    if (e.message.includes('Maximum call stack size exceeded')) return { code: 'too-deep', message: TOO_DEEP_YAML, pointer: '', span };
    return {
      code: e.code === 'DUPLICATE_KEY' ? 'duplicate-key' : 'parse-error',
      message: `YAML ${e.code === 'DUPLICATE_KEY' ? 'duplicate key' : 'syntax error'}: ${firstLine(e.message)}.`,
      pointer: '',
      span,
    };
  });
  const fatal = findings.some((f) => f.code === 'parse-error' || f.code === 'too-deep');
  let value: unknown;
  if (!fatal) {
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (error) {
      // Stryker disable next-line OptionalChaining: the yaml package throws Error objects, never null or undefined.
      const message = String((error as Error)?.message ?? error);
      if (error instanceof RangeError) findings.push({ code: 'too-deep', message: TOO_DEEP_YAML, pointer: '', span: [0, 1] });
      else if (message.includes('Excessive alias count')) findings.push(aliasBomb(doc));
      else findings.push({ code: 'parse-error', message: `YAML error: ${firstLine(message)}.`, pointer: '', span: [0, 1] });
    }
  }
  function locate(pointer: string, at?: 'key' | 'value') {
    const range = findRange(doc.contents, pointer, at);
    return range ? lines.range(range[0], range[1]) : lines.range(0, 0);
  }
  return {
    file,
    text,
    format: 'yaml',
    value,
    findings,
    rangeOf: (start, end) => lines.range(start, end),
    locate,
    locateAll: (requests) => requests.map((r) => locate(r.pointer, r.at)),
  };
}

/**
 * How much aliases may expand (the yaml package's weighted count): a few hundred aliases
 * of small anchors read fine; an alias bomb (anchors of aliases of anchors…) would expand
 * to billions of nodes and is refused before it is built.
 */
const MAX_ALIAS_COUNT = 1000;

/** The refusal, at the last alias of the document (where the expansion peaks, in a bomb). */
function aliasBomb(doc: Yaml.Document.Parsed): Finding {
  const { visit } = yaml();
  // An alias bomb has aliases, each with its range (`*a`: never empty).
  let span: readonly [number, number] | undefined;
  visit(doc, {
    Alias(_key, node) {
      span = rangeOf(node);
    },
  });
  return {
    code: 'parse-error',
    message: `YAML aliases expand to more than ${MAX_ALIAS_COUNT.toLocaleString('en')} nodes (an alias bomb?): docsnav does not expand them, so nothing in the file was checked.`,
    pointer: '',
    span,
  };
}

function firstLine(message: string): string {
  return message.split('\n')[0].replace(/[.:]\s*$/, '');
}

function findRange(root: unknown, pointer: string, at: 'key' | 'value' | undefined): [number, number] | undefined {
  const { isMap, isScalar, isSeq } = yaml();
  let node = root as Node | null | undefined;
  let keyNode: Node | undefined;
  let best: [number, number] | undefined = rangeOf(node);
  for (const segment of parsePointer(pointer)) {
    keyNode = undefined;
    let next: Node | null | undefined;
    if (isMap(node)) {
      // A map's items are pairs.
      for (const pair of node.items) {
        const key = pair.key as Node | null;
        const keyValue = isScalar(key) ? String(key.value) : undefined;
        if (keyValue === segment) {
          keyNode = key ?? undefined;
          next = (pair.value as Node | null) ?? key;
        }
      }
    } else if (isSeq(node)) {
      next = node.items[Number(segment)] as Node | undefined;
    }
    // Stryker disable next-line ConditionalExpression: going on, every later step finds nothing either (the same answer, only slower).
    if (!next) return best;
    node = next;
    best = rangeOf(node) ?? best;
  }
  return at === 'key' && keyNode ? (rangeOf(keyNode) ?? best) : best;
}

function rangeOf(node: unknown): [number, number] | undefined {
  const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
  return range ? [range[0], range[1]] : undefined;
}
