import type { Finding } from '../problem.js';
import { NAME_FIELD, elementNoun } from '../navigation/model.js';
import { arrayLostTo, pageList, pagesInside } from '../navigation/platform-drops.js';
import { parsePointer, toPointer, valueAt } from '../source/pointer.js';

/** The schema codes for a value the platform's validator refuses (an unknown key it only strips). */
const MALFORMED = new Set(['missing-field', 'invalid-type', 'invalid-value']);

/**
 * A malformed entry inside a division's child array costs the whole array on the platform, valid
 * pages and all (platform-drops.ts): each such schema finding's message says which array and which
 * pages go with it. Returns the arrays dropped (the division's pointer and the array's key), for
 * the platform profile's tree. One pass over the findings; each array's pages are listed once.
 */
export function explainLostArrays(docs: unknown, findings: readonly Finding[]): Array<{ division: string; key: string }> {
  const lost = new Map<string, { division: string; key: string; words: string }>();
  for (const finding of findings) {
    if (!MALFORMED.has(finding.code) || finding.severity === 'info') continue;
    const array = arrayLostTo(docs, parsePointer(finding.pointer));
    if (!array) continue;
    const division = toPointer(array.division);
    const id = `${division}/${array.key}`;
    let known = lost.get(id);
    if (!known) {
      const element = valueAt(docs, array.division) as Record<string, unknown>;
      const field = NAME_FIELD[array.kind];
      const name = field && typeof element[field] === 'string' ? ` "${element[field]}"` : '';
      const pages = pagesInside(element[array.key]);
      const words = `The platform does not fail the build for this: it drops the whole \`${array.key}\` of ${elementNoun(array.kind)}${name}, valid entries too (${pageList(pages)}), so none of them is on the site.`;
      lost.set(id, (known = { division, key: array.key, words }));
    }
    finding.message = `${finding.message.replace(/,? ?and the platform rejects the whole docs\.json for it\./, '.')} ${known.words}`;
  }
  return [...lost.values()].map(({ division, key }) => ({ division, key }));
}
