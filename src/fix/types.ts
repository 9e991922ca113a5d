/** What a fix does to the text, before it is turned into offsets for one file format. */
export type FixIntent =
  | { kind: 'rename-key'; pointer: string; key: string }
  /** `current`: the string that is there now (checked before it is replaced). */
  | { kind: 'replace-value'; pointer: string; value: string; current: string }
  /** `current`: for an array entry, the string it is (checked before it is removed; required for entries). */
  | { kind: 'remove'; pointer: string; current?: string };
