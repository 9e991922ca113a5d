/**
 * "Try it in a browser": GET /assistant/{domain}, a chat page for a project's assistant, and GET
 * /assistant/widget.js, the script a docs site embeds with one tag. Both run the same plain
 * script (web/widget.js, served as it is: no build step, no framework, nothing from a CDN), which
 * talks to POST /v1/assistant/{domain}/message like any other client. The page is static: it
 * holds no key and looks nothing up (an unknown domain is told on the first question, as the
 * endpoint answers it).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { domainSchema, errorSchema, type Api } from './schemas.js';

/**
 * The page's Content-Security-Policy: its script and its requests to this server only, no
 * inline script or style, no plugins, no <base>, no form posts, never inside a frame.
 */
const PAGE_CSP = "default-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'";

/** web/widget.js beside this file's folder (src/http/web in the sources, dist/http/web in the build). */
function readWidget(): string {
  const file = new URL('../web/widget.js', import.meta.url);
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`the assistant widget's script is missing (${file.pathname}): ${(error as Error).message}`, { cause: error });
  }
}

function page(domain: string): string {
  // The domain matched the schema's pattern (letters, digits, "-"): nothing in it needs escaping.
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Ask the docs: ${domain}</title>
<script src="widget.js" data-mode="page" data-domain="${domain}" defer></script>
</head>
<body>
<noscript><p>This chat needs JavaScript. Without it, ask through the API: POST /v1/assistant/${domain}/message.</p></noscript>
</body>
</html>
`;
}

/** GET /assistant/widget.js and GET /assistant/{domain}. */
export function registerWidgetRoutes(app: Api): void {
  const script = readWidget();
  const etag = `"${createHash('sha256').update(script).digest('base64url').slice(0, 27)}"`;

  app.get(
    '/assistant/widget.js',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'The assistant widget script',
        description:
          'A script a docs site adds with one tag, `<script src="…/assistant/widget.js" data-domain="acme" data-key="<assistant key>" async></script>`: a launcher button and a chat panel (in a shadow root) that ask `POST /v1/assistant/{domain}/message` on the server the script came from and show the streamed answer with its sources. Data attributes: `data-domain`, `data-key`, `data-site` (the base URL of source links; default the page\'s origin), `data-title`, `data-version` and `data-language` (the filter). The site\'s origin must be allowed by CORS (`docsnav serve --cors-origins`, or the project\'s `--origins`).',
        tags: ['Assistant'],
        operationId: 'assistantWidget',
        security: [],
        response: {
          200: { description: 'The script (plain JavaScript, no dependencies).', content: { 'application/javascript': { schema: { type: 'string' } } } },
          304: { description: 'Not modified (`If-None-Match` matched the `ETag`).', type: 'null' },
        },
      },
    },
    async (request, reply) => {
      reply
        .header('cache-control', 'public, max-age=300')
        .header('etag', etag)
        // Loadable from any site, also one that isolates itself (Cross-Origin-Embedder-Policy).
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('x-content-type-options', 'nosniff');
      // No body at all: the schema's `null` would be serialized as the text "null".
      if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.code(304).send(undefined as never);
      return reply.type('application/javascript; charset=utf-8').send(script);
    },
  );

  app.get(
    '/assistant/:domain',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'The assistant chat page',
        description:
          "A chat page for the project's assistant (HTML and the widget script, nothing else; served with a strict Content-Security-Policy). Open it as `/assistant/{domain}#key=<assistant key>`: the key stays in the browser (a URL fragment is never sent to a server; the page moves it to sessionStorage and out of the address bar), or the page asks for it. `?site=https://docs.example.com` makes the sources links to that site.",
        tags: ['Assistant'],
        operationId: 'assistantPage',
        security: [],
        params: { type: 'object', properties: { domain: domainSchema }, required: ['domain'] },
        response: {
          200: { description: 'The page.', content: { 'text/html': { schema: { type: 'string' } } } },
          400: errorSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', PAGE_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('x-frame-options', 'DENY')
        .header('referrer-policy', 'no-referrer')
        .header('cache-control', 'no-cache')
        .send(page(request.params.domain)),
  );
}
