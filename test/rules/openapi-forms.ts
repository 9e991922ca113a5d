/**
 * A group's `openapi` values, as the platform's validator takes them (@mintlify/validation
 * 0.1.878, openApiSchema): those it keeps (then it drops the group's `asyncapi`) and those it
 * rejects (it drops the `openapi` itself, and the `asyncapi` stays). Each shown as JSON, for a
 * test's name.
 */
const KEPT: unknown[] = [
  'api.json',
  ' api.json ',
  ['api.json'],
  [],
  [{ source: 'api.json' }, 'api.json'],
  { source: 'api.json' },
  { source: 'api.json', directory: 'x', overlays: [] },
  { source: 'api.json', overlays: ['o.yaml', 'https://example.com/o.yaml'] },
  'https://example.com/api.json',
  'http://example.com/api.json',
];
const REJECTED: unknown[] = [
  '',
  '   ',
  'ftp://example.com/api.json',
  'xhttps://example.com/api.json',
  'httpsx://example.com/api.json',
  5,
  null,
  false,
  ['api.json', 5],
  ['api.json', ''],
  [{ source: 'api.json', extra: 1 }],
  { source: 'api.json', extra: 1 },
  { source: ' ' },
  { source: 5 },
  { directory: 'x' },
  { source: 'api.json', directory: 5 },
  { source: 'api.json', directory: null },
  { source: 'api.json', overlays: 'o.yaml' },
  { source: 'api.json', overlays: ['ftp://example.com/o.yaml'] },
];

const shown = (values: unknown[]): Array<[string, unknown]> => values.map((value) => [JSON.stringify(value), value]);
export const OPENAPI_KEPT = shown(KEPT);
export const OPENAPI_REJECTED = shown(REJECTED);
