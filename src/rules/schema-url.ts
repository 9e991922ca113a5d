import type { NavigationRule } from './types.js';

const POINTER = '/$schema';

/** Where the schema goes instead: the editor's settings, not the file the platform reads. */
const INSTEAD =
  "remove it or use a URL such as https://mintlify.com/docs.json, and map the schema to the file in the editor's settings (VS Code `json.schemas`, yaml-language-server `yaml.schemas`)";

/**
 * A top-level `$schema` must be an absolute URL on the hosted platform: its validator
 * (`@mintlify/validation`) declares it `z.string().url()`, which is `new URL(value)` without a
 * base, and rejects the whole docs.json otherwise (`$schema: Invalid url`). So a relative path
 * (`./node_modules/…`), `/x` or `""` fails the build, while `https://…`, `file:///x`, `urn:x` or
 * `mailto:a@b` pass. A non-string is the schema's (`invalid-type`).
 *
 * Under the `platform` profile this is a problem at the code's severity. Under `spec` it is an
 * `info` hint (see `PlatformRejection`): the spec is silent on `$schema` and a self-hosted site may
 * point it at a local file for its editor, but most sites are published on the platform, where
 * the default profile's silence would read as "no problems" before a failed deploy.
 */
export const schemaUrl: NavigationRule = {
  code: 'schema-url',
  create: (context) => ({
    document(docs) {
      if (!Object.prototype.hasOwnProperty.call(docs, '$schema')) return;
      const value = docs.$schema;
      if (typeof value !== 'string' || isAcceptedByPlatform(value)) return;
      const what = `\`$schema\` "${value}" is not an absolute URL`;
      if (context.profile.schemaUrl === 'problem') {
        context.report({
          message: `${what}: the hosted platform rejects the whole docs.json ("$schema: Invalid url"). Instead, ${INSTEAD}.`,
          pointer: POINTER,
        });
      } else {
        context.report({
          message: `${what}, so the hosted platform would reject the whole docs.json ("$schema: Invalid url"). For a site published there, ${INSTEAD}; a self-hosted site may keep it.`,
          pointer: POINTER,
          severity: 'info',
        });
      }
    },
  }),
};

/** What the platform's `z.string().url()` accepts: a string the WHATWG URL parser reads without a base. */
export function isAcceptedByPlatform(value: string): boolean {
  return URL.canParse(value);
}
