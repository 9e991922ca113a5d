/**
 * The links the platform's schema accepts in an `href` it checks (@mintlify/validation's
 * hrefSchema: a global tab's, anchor's, dropdown's, product's, version's or language's): a path
 * from the site's root (`/…`), a fragment (`#…`), a `mailto:` address, or an absolute URL the
 * WHATWG URL parser reads. Anything else (`guides/x`, an empty string, `https://x y`) fails it,
 * and with it the whole docs.json (a global link has no other form to fall back on). No I/O.
 */
export function platformAcceptsHref(href: string): boolean {
  if (href.startsWith('/') || href.startsWith('#') || href.startsWith('mailto:')) return true;
  return URL.canParse(href);
}
