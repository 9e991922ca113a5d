/**
 * A rule's messages as one table (as ESLint's `meta.messages`): each sentence the rule can say
 * has an id and a template, `{name}` marking what is filled in. The rule reports
 * `message(MESSAGES, id, data)`; tests find the id back from the problem's message
 * (`readMessage`) and assert ids and data, not regular expressions over the wording, so a
 * sentence reworded changes one line of its table and no test. The problem's public shape is
 * unchanged: `message` is the sentence, as before.
 */

/** A rule's table: message id to template. Declare it `as const` so that placeholders are typed. */
export type MessageTable = Readonly<Record<string, string>>;

/** The `{name}`s of a template. */
type Placeholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** What a template's placeholders are filled with. */
export type MessageData<T extends string> = [Placeholders<T>] extends [never] ? Record<string, never> : Record<Placeholders<T>, string | number>;

/** The message `id` of `table` with its placeholders filled in. */
export function message<M extends MessageTable, Id extends keyof M & string>(
  table: M,
  id: Id,
  ...data: [Placeholders<M[Id]>] extends [never] ? [] : [MessageData<M[Id]>]
): string {
  const values = (data[0] ?? {}) as Record<string, string | number>;
  return table[id].replace(/\{([a-zA-Z]+)\}/g, (_, name: string) => String(values[name]));
}

const patterns = new WeakMap<MessageTable, Array<{ id: string; names: string[]; pattern: RegExp }>>();

function compiled(table: MessageTable): Array<{ id: string; names: string[]; pattern: RegExp }> {
  let list = patterns.get(table);
  if (!list) {
    list = Object.entries(table).map(([id, template]) => {
      const names: string[] = [];
      const source = template
        .split(/(\{[a-zA-Z]+\})/)
        .map((part) => {
          const name = /^\{([a-zA-Z]+)\}$/.exec(part)?.[1];
          if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(name);
          return '([\\s\\S]*?)';
        })
        .join('');
      return { id, names, pattern: new RegExp(`^${source}$`) };
    });
    patterns.set(table, list);
  }
  return list;
}

/** Which message of `table` a text is, and what filled it in; undefined when it is none of them. */
export function readMessage(table: MessageTable, text: string): { id: string; data: Record<string, string> } | undefined {
  for (const { id, names, pattern } of compiled(table)) {
    const found = pattern.exec(text);
    if (found) return { id, data: Object.fromEntries(names.map((name, index) => [name, found[index + 1]])) };
  }
  return undefined;
}
