import type { Finding } from '../problem.js';

/** Findings of one bulk generation listed in full before the rest are summed up as "and N more". */
const MAX_MERGED = 10;

/**
 * One finding per code, in first-seen order: several messages are joined (the first MAX_MERGED,
 * then a count). For findings that share one pointer (a bulk generation's `openapi` value),
 * where the sink keeps one finding per code.
 */
export function mergeByCode(findings: readonly Finding[]): Finding[] {
  // Per code and severity: an info is not merged into a warning.
  const byCode = new Map<string, Finding[]>();
  for (const finding of findings) {
    const key = `${finding.code} ${finding.severity ?? ''}`;
    const list = byCode.get(key);
    if (list) list.push(finding);
    else byCode.set(key, [finding]);
  }
  return [...byCode.values()].map((list) => {
    if (list.length === 1) return list[0];
    const messages = [...new Set(list.map((f) => f.message))];
    const more = messages.length > MAX_MERGED ? ` And ${messages.length - MAX_MERGED} more.` : '';
    const merged: Finding = { code: list[0].code, pointer: list[0].pointer, message: messages.slice(0, MAX_MERGED).join(' ') + more };
    if (list[0].severity) merged.severity = list[0].severity;
    return merged;
  });
}

/** One finding per pointer and code (mergeByCode at each pointer), in first-seen order. */
export function mergeByPointer(findings: readonly Finding[]): Finding[] {
  const byPointer = new Map<string, Finding[]>();
  for (const finding of findings) {
    const list = byPointer.get(finding.pointer);
    if (list) list.push(finding);
    else byPointer.set(finding.pointer, [finding]);
  }
  return [...byPointer.values()].flatMap((list) => mergeByCode(list));
}
