/**
 * A tab that generates its pages (`sdk` or `graphql`) is a strict object on the platform: its
 * schema's variants for such a tab take only `tab`, `icon`, `hidden`, `searchable`, `align`,
 * `directory` and `groups` beside the generator (@mintlify/validation's tabSchema, `.strict()`),
 * so any other key fails the tab, an unknown one too, where on any other element the platform
 * strips a key it does not know (issue 65: `{"tab": "Docs", "sdk": {…}, "href": "…"}` failed the
 * build while docsnav said nothing). Each such key is invalid-value, worded as the schema's
 * findings that fail the platform, so that explainLostArrays says what the platform loses below the
 * root; an unknown-field the schema found there becomes it. Child arrays beside the generator are
 * mixed-children's. No I/O; one walk of the navigation's elements (walk.ts).
 */
import { childKind } from '../navigation/model.js';
import { pointerOf, walkNavigation } from '../navigation/walk.js';
import type { Finding } from '../problem.js';

const GENERATORS = ['sdk', 'graphql'] as const;
/** What a generating tab takes beside its generator. */
const STRICT_TAB_KEYS: ReadonlySet<string> = new Set(['tab', 'icon', 'hidden', 'searchable', 'align', 'directory', 'groups']);

/** Adds a finding for each key a generating tab may not hold, upgrading the schema's unknown-field there. */
export function checkStrictTabs(docs: unknown, findings: Finding[]): void {
  const byPointer = new Map(findings.map((finding) => [finding.pointer, finding]));
  walkNavigation(docs, [
    {
      element(node) {
        const generator = node.kind === 'tab' ? GENERATORS.find((key) => Object.hasOwn(node.value, key)) : undefined;
        if (generator === undefined) return;
        for (const key of Object.keys(node.value)) {
          if (key === generator || STRICT_TAB_KEYS.has(key) || childKind('tab', key) !== undefined) continue;
          const pointer = pointerOf(node.path, key);
          const message = `\`${key}\` is not allowed beside \`${generator}\` on a tab (one that generates its pages holds only \`tab\`, \`icon\`, \`hidden\`, \`searchable\`, \`align\`, \`directory\` and \`groups\` beside it), and the platform rejects the whole docs.json for it.`;
          const found = byPointer.get(pointer);
          if (found !== undefined && found.code === 'unknown-field') {
            found.code = 'invalid-value';
            found.message = `${found.message.replace(/\.$/, '')}; ${message.charAt(0).toLowerCase()}${message.slice(1)}`;
            delete found.suggest;
            continue;
          }
          findings.push({ code: 'invalid-value', pointer, at: 'key', message });
        }
      },
    },
  ]);
}
