/**
 * Every HTTP route, for `docsnav serve --help` (which must not load Fastify to print it). A
 * test checks this list against the routes the app registers, so neither can change alone.
 */
export const ROUTES: ReadonlyArray<{ method: string; url: string; summary: string }> = [
  { method: 'POST', url: '/v1/project/update/{projectId}', summary: 'queue a deployment of the project (admin key)' },
  { method: 'GET', url: '/v1/project/update-status/{statusId}', summary: 'the status of a deployment (admin key)' },
  { method: 'POST', url: '/v1/agent/{projectId}/job', summary: 'start an agent job that repairs the navigation on a branch (admin key)' },
  { method: 'GET', url: '/v1/agent/{projectId}/jobs', summary: 'list agent jobs (admin key)' },
  { method: 'GET', url: '/v1/agent/{projectId}/job/{id}', summary: 'one agent job (admin key)' },
  { method: 'POST', url: '/v1/assistant/{domain}/message', summary: 'ask the assistant; the answer streams (assistant key)' },
  { method: 'GET', url: '/v1/assistant/{domain}/pages', summary: "the page tree of the project's current deployment (assistant key)" },
  { method: 'GET', url: '/v1/assistant/{domain}/search', summary: 'the sections that best match ?query= (assistant key)' },
  { method: 'GET', url: '/assistant/{domain}', summary: "a chat page for the project's assistant (open it with #key=<assistant key>)" },
  { method: 'GET', url: '/assistant/widget.js', summary: 'the chat widget a docs site embeds with one script tag' },
  { method: 'GET', url: '/healthz', summary: 'the server and its database answer' },
  { method: 'GET', url: '/openapi.json', summary: 'the OpenAPI 3.1 document of these routes' },
];
