/**
 * Origins a browser may call the API from (`serve --cors-origins`, `project add|update --origins`).
 * A browser sends its page's origin as `scheme://host[:port]`, the scheme and host in lower case,
 * no default port and no slash after it; CORS compares that text with each allowed one as it is,
 * so an allowed origin written any other way (`https://Docs.Acme.com/`) would never match. Each is
 * written the browser's way here, or refused.
 */

const ORIGIN = /^https?:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?\/?$/i;

/** `value` as a browser sends it in `Origin`, or undefined when it is not an http(s) origin (`*` stays `*`). */
export function normalizeOrigin(value: string): string | undefined {
  if (value === '*') return '*';
  if (!ORIGIN.test(value)) return undefined;
  // An http(s) URL's origin is never "null" (that is an opaque origin's: file:, data:, …), and ORIGIN lets no other scheme through.
  try {
    return new URL(value).origin;
    // Stryker disable next-line BlockStatement: an empty catch returns undefined as well (the function ends there); the refusal is tested (origins.test.ts, a port past 65535).
  } catch {
    return undefined; // a port past 65535, a host URL parsing refuses
  }
}

/** Each origin normalized; `wrong` is the first that is not one (the list's own words, for the message). */
export function normalizeOrigins(values: readonly string[]): { origins: string[]; wrong?: string } {
  const origins: string[] = [];
  for (const value of values) {
    const origin = normalizeOrigin(value);
    if (origin === undefined) return { origins, wrong: value };
    if (!origins.includes(origin)) origins.push(origin);
  }
  return { origins };
}

/** The one line a refused list gets, after the flag's name. */
export const ORIGINS_HELP = 'takes origins like https://docs.acme.com (comma-separated) or *';
