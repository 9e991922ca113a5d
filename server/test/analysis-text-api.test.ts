/**
 * The text of API pages: an OpenAPI operation's (`endpointSections`: intro, parameters, body,
 * responses, webhooks, local `$ref`s one step each) and an AsyncAPI channel's (`channelSections`:
 * intro, messages, the operations on it, found by their `$ref` with the id escaped as a JSON
 * pointer). Real-shaped OpenAPI 3.0/3.1 and AsyncAPI 2/3 specs; exact sections.
 */
import { describe, expect, it } from 'vitest';
import { channelSections } from '../src/analysis/channel-text.js';
import { endpointSections } from '../src/analysis/endpoint-text.js';

const pairs = (sections: Array<{ heading: string | null; anchor: string | null; depth: number; body: string }>) =>
  sections.map((section) => [section.heading, section.anchor, section.depth, section.body]);

/** An OpenAPI 3.1 spec of a small store. */
const store = {
  openapi: '3.1.0',
  info: { title: 'Store', version: '1.0.0' },
  components: {
    parameters: {
      limit: { name: 'limit', in: 'query', description: '  How many to return  ' },
      'trace~id': { name: 'X-Trace', in: 'header', description: 'Trace id' },
    },
    schemas: {
      Pet: {
        type: 'object',
        description: 'A pet in the store.',
        properties: {
          name: { type: 'string', description: 'Its name' },
          tag: { $ref: '#/components/schemas/Tag' },
          age: { type: 'integer' },
          owner: { $ref: '#/components/schemas/Missing' },
        },
      },
      Tag: { type: 'string', description: 'A free-form tag' },
    },
    requestBodies: { NewPet: { description: 'The pet to add', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
    responses: { 'Not~Found': { description: 'No such pet' } },
  },
  paths: {
    '/pets': {
      parameters: [{ name: 'X-Tenant', in: 'header', description: 'The tenant' }],
      get: {
        summary: '  List pets  ',
        description: 'Every pet in the store.',
        parameters: [
          { $ref: '#/components/parameters/limit' },
          { $ref: '#/components/parameters/trace~0id' },
          { name: 'sort' },
          { name: 'cursor', schema: { description: 'Where to go on' } },
        ],
        responses: {
          200: { description: 'The pets' },
          204: {},
          404: { $ref: '#/components/responses/Not~0Found' },
          500: { $ref: '#/components/responses/Gone' },
        },
      },
      post: {
        summary: 'Add a pet',
        requestBody: { $ref: '#/components/requestBodies/NewPet' },
        responses: { 201: { $ref: '#/paths/~1pets/get/responses/200' } },
      },
      delete: { summary: 42, description: null, responses: {} },
    },
    '/pets/{id}': { $ref: '#/components/pathItems/Missing' },
    '/pets/{id}/photo': {
      put: {
        requestBody: {
          content: {
            'image/png': { schema: { type: 'string', description: 'The photo' } },
            'text/plain': {},
            'application/xml': { schema: { $ref: '#/components/schemas/Tag' } },
          },
        },
      },
      patch: { requestBody: { description: '  Only words  ' } },
    },
  },
  webhooks: {
    newPet: { get: { summary: 'Not this one' }, post: { summary: 'A pet was added', description: 'Sent on each new pet.' } },
    onlyPut: { put: { summary: 'Put' } },
    onlyGet: { get: { summary: 'Get' } },
    onlyPatch: { patch: { summary: 'Patch' } },
    onlyDelete: { delete: { summary: 'Delete' } },
    onlyHead: { head: { summary: 'Head' } },
  },
};

describe('endpointSections', () => {
  it('an operation: intro, parameters of the path and the operation, responses, each trimmed and in order', () => {
    const result = endpointSections(store, 'get', '/pets');
    expect(result.summary).toBe('List pets');
    expect(result.description).toBe('Every pet in the store.');
    expect(pairs(result.sections)).toEqual([
      [null, null, 0, 'GET /pets\n\nList pets\n\nEvery pet in the store.'],
      ['Parameters', 'parameters', 2, 'X-Tenant (header) The tenant\nlimit (query) How many to return\nX-Trace (header) Trace id\nsort\ncursor Where to go on'],
      ['Responses', 'responses', 2, '200 The pets\n204\n404 No such pet\n500'],
    ]);
  });

  it('a request body through its $ref: its description, its schema and the properties (a $ref to a path with `/` in it too)', () => {
    expect(pairs(endpointSections(store, 'POST', '/pets').sections)).toEqual([
      [null, null, 0, 'POST /pets\n\nAdd a pet'],
      ['Parameters', 'parameters', 2, 'X-Tenant (header) The tenant'],
      ['Body', 'body', 2, 'The pet to add\nA pet in the store.\nname Its name\ntag A free-form tag\nage\nowner'],
      ['Responses', 'responses', 2, '201 The pets'],
    ]);
  });

  it('a body of several media types, one with no schema, and no responses', () => {
    expect(pairs(endpointSections(store, 'PUT', '/pets/{id}/photo').sections)).toEqual([
      [null, null, 0, 'PUT /pets/{id}/photo'],
      ['Body', 'body', 2, 'The photo\nA free-form tag'],
    ]);
  });

  it('a body with no content', () => {
    expect(pairs(endpointSections(store, 'PATCH', '/pets/{id}/photo').sections)).toEqual([
      [null, null, 0, 'PATCH /pets/{id}/photo'],
      ['Body', 'body', 2, 'Only words'],
    ]);
  });

  it('fields that are not strings, and empty responses', () => {
    expect(endpointSections(store, 'DELETE', '/pets')).toEqual({
      summary: '',
      description: '',
      sections: [
        { heading: null, anchor: null, depth: 0, body: 'DELETE /pets' },
        { heading: 'Parameters', anchor: 'parameters', depth: 2, body: 'X-Tenant (header) The tenant' },
      ],
    });
  });

  it.each([
    ['a method the path does not have', store, 'PATCH', '/pets', 'PATCH /pets'],
    ['a path item whose $ref leads nowhere', store, 'GET', '/pets/{id}', 'GET /pets/{id}'],
    ['a path the spec does not have', store, 'GET', '/owners', 'GET /owners'],
    ['an inherited name', store, 'GET', 'constructor', 'GET constructor'],
    ['a spec with no paths', { openapi: '3.0.3', info: { title: 'x', version: '1' } }, 'GET', '/pets', 'GET /pets'],
    ['a spec that is not an object', null, 'GET', '/pets', 'GET /pets'],
    ['a spec that is a list', [store], 'GET', '/pets', 'GET /pets'],
    ['a webhook that is missing', store, 'WEBHOOK', 'gone', 'webhook gone'],
    ['a webhook of an unread method', store, 'WEBHOOK', 'onlyHead', 'webhook onlyHead'],
  ])('falls back to the heading alone: %s', (_name, spec, method, path, heading) => {
    expect(endpointSections(spec, method, path)).toEqual({
      summary: '',
      description: '',
      sections: [{ heading: null, anchor: null, depth: 0, body: heading }],
    });
  });

  it.each([
    ['newPet', 'A pet was added'],
    ['onlyPut', 'Put'],
    ['onlyGet', 'Get'],
    ['onlyPatch', 'Patch'],
    ['onlyDelete', 'Delete'],
  ])('a webhook (%s): its first operation of post, put, get, patch, delete', (name, summary) => {
    const result = endpointSections(store, 'webhook', name);
    expect(result.summary).toBe(summary);
    expect(result.sections[0]).toEqual({
      heading: null,
      anchor: null,
      depth: 0,
      body: `webhook ${name}\n\n${summary}${name === 'newPet' ? '\n\nSent on each new pet.' : ''}`,
    });
    expect(result.sections).toHaveLength(1);
  });

  it('follows only local $refs, one step, never a name the object inherits', () => {
    const spec = {
      openapi: '3.0.3',
      components: { parameters: { limit: { name: 'limit', in: 'query' } } },
      paths: {
        '/a': {
          get: {
            parameters: [
              { $ref: './components/parameters/limit' },
              { $ref: 'other.yaml#/components/parameters/limit' },
              { $ref: '#/components/parameters/__proto__' },
              { $ref: '#/components/parameters/limit/name' },
              { $ref: '#/components/parameters/missing/deeper' },
              'not an object',
            ],
          },
        },
      },
    };
    expect(pairs(endpointSections(spec, 'GET', '/a').sections)).toEqual([[null, null, 0, 'GET /a']]);
  });

  it('keeps 200 parameters, 50 responses, 10 media types and 100 properties', () => {
    const properties = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`p${i}`, { description: `d${i}` }]));
    const content: Record<string, { schema: Record<string, unknown> }> = Object.fromEntries(
      Array.from({ length: 11 }, (_, i) => [`type/m${i}`, { schema: { description: `m${i}` } }]),
    );
    content['type/m0'] = { schema: { description: 'm0', properties } };
    const spec = {
      openapi: '3.1.0',
      paths: {
        '/big': {
          post: {
            parameters: Array.from({ length: 201 }, (_, i) => ({ name: `q${i}` })),
            requestBody: { content },
            responses: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [String(200 + i), { description: `r${i}` }])),
          },
        },
      },
    };
    const [, parameters, body, responses] = endpointSections(spec, 'POST', '/big').sections;
    expect(parameters.body.split('\n')).toEqual(Array.from({ length: 200 }, (_, i) => `q${i}`));
    const bodyLines = body.body.split('\n');
    expect(bodyLines.slice(0, 3)).toEqual(['m0', 'p0 d0', 'p1 d1']);
    expect(bodyLines).toContain('p99 d99');
    expect(bodyLines).not.toContain('p100 d100');
    expect(bodyLines.slice(101)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9']);
    expect(responses.body.split('\n')).toEqual(Array.from({ length: 50 }, (_, i) => `${200 + i} r${i}`));
  });

  it('keeps 200 parameters of an operation when its path has none', () => {
    const spec = { openapi: '3.1.0', paths: { '/p': { get: { parameters: Array.from({ length: 200 }, (_, i) => ({ name: `q${i}` })) } } } };
    expect(endpointSections(spec, 'GET', '/p').sections[1].body.split('\n')).toHaveLength(200);
  });
});

/** An AsyncAPI 3 document: channel ids with `/`, `~`, spaces and non-ASCII letters. */
const events = {
  asyncapi: '3.0.0',
  info: { title: 'Events', version: '1.0.0' },
  channels: {
    'user/signedup': {
      address: 'user.signedup',
      title: 'User signed up',
      summary: '  A user signed up.  ',
      description: '  Sent after the sign-up form is sent.  ',
      messages: {
        UserSignedUp: { $ref: '#/components/messages/UserSignedUp' },
        bare: { payload: { type: 'object' } },
        broken: { $ref: '#/components/messages/Missing' },
        '': {},
      },
    },
    'orders~v2': { address: 'orders', summary: 'Orders, version 2.' },
    'billing events': { $ref: '#/components/channels/Billing' },
    'ユーザー/通知': { description: 'お知らせ' },
    empty: {},
  },
  operations: {
    onUserSignedUp: {
      action: 'receive',
      channel: { $ref: '#/channels/user~1signedup' },
      summary: 'Welcome the user',
      title: 'Welcome',
      description: 'Sends a mail.',
    },
    publishSignup: { $ref: '#/components/operations/publishSignup' },
    sendOrder: { action: 'send', channel: { $ref: '#/channels/orders~0v2' } },
    billing: { action: 'send', channel: { $ref: '#/channels/billing events' } },
    notify: { action: 'receive', channel: { $ref: '#/channels/ユーザー~1通知' } },
    wrong: { action: 'send', channel: { $ref: '#/channels/user/signedup' } },
    broken: { $ref: '#/components/operations/Missing' },
    noChannel: { action: 'send' },
  },
  components: {
    channels: { Billing: { address: 'billing', description: 'Billing events.' } },
    messages: { UserSignedUp: { name: 'UserSignedUp', title: 'User signed up', summary: 'Sent once.', description: '  The new user.  ' } },
    operations: { publishSignup: { action: 'send', channel: { $ref: '#/channels/user~1signedup' } } },
  },
};

describe('channelSections', () => {
  it('a channel with `/` in its id: intro, messages, and the operations that name it escaped', () => {
    expect(channelSections(events, 'user/signedup')).toEqual({
      description: 'Sent after the sign-up form is sent.',
      sections: [
        {
          heading: null,
          anchor: null,
          depth: 0,
          body: 'channel user/signedup user.signedup\n\nUser signed up\n\nA user signed up.\n\nSent after the sign-up form is sent.',
        },
        { heading: 'Messages', anchor: 'messages', depth: 2, body: 'UserSignedUp User signed up Sent once. The new user.\nbare\nbroken' },
        { heading: 'Operations', anchor: 'operations', depth: 2, body: 'receive onUserSignedUp Welcome Welcome the user Sends a mail.\nsend publishSignup' },
      ],
    });
  });

  it.each([
    ['`~` in the id', 'orders~v2', 'Orders, version 2.', 'channel orders~v2 orders\n\nOrders, version 2.', 'send sendOrder'],
    ['a space in the id, the channel through a $ref', 'billing events', 'Billing events.', 'channel billing events billing\n\nBilling events.', 'send billing'],
    ['non-ASCII letters and `/`', 'ユーザー/通知', 'お知らせ', 'channel ユーザー/通知\n\nお知らせ', 'receive notify'],
  ])('a channel with %s', (_name, id, description, intro, operations) => {
    expect(channelSections(events, id)).toEqual({
      description,
      sections: [
        { heading: null, anchor: null, depth: 0, body: intro },
        { heading: 'Operations', anchor: 'operations', depth: 2, body: operations },
      ],
    });
  });

  it('a channel with nothing but its id', () => {
    expect(channelSections(events, 'empty')).toEqual({ description: '', sections: [{ heading: null, anchor: null, depth: 0, body: 'channel empty' }] });
  });

  it.each([
    ['a channel the spec does not have', events, 'missing'],
    ['an inherited name', events, 'constructor'],
    ['a spec with no channels', { asyncapi: '3.0.0' }, 'user/signedup'],
    ['channels that are a list', { asyncapi: '3.0.0', channels: [{ address: 'x' }] }, '0'],
    ['a spec that is not an object', null, 'user/signedup'],
    ['a channel $ref that leads nowhere', { asyncapi: '3.0.0', channels: { gone: { $ref: '#/components/channels/Gone' } } }, 'gone'],
  ])('falls back to the heading alone: %s', (_name, spec, id) => {
    expect(channelSections(spec, id)).toEqual({ description: '', sections: [{ heading: null, anchor: null, depth: 0, body: `channel ${id}` }] });
  });

  it('an AsyncAPI 2 channel: the summary as description when there is none, no operations list', () => {
    const spec = { asyncapi: '2.6.0', channels: { 'light/measured': { summary: 'Light readings.', messages: { reading: { title: 'Reading' } } } } };
    expect(channelSections(spec, 'light/measured')).toEqual({
      description: 'Light readings.',
      sections: [
        { heading: null, anchor: null, depth: 0, body: 'channel light/measured\n\nLight readings.' },
        { heading: 'Messages', anchor: 'messages', depth: 2, body: 'reading Reading' },
      ],
    });
  });

  it('keeps 100 messages and the first 200 operations of the spec', () => {
    const messages = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`m${i}`, {}]));
    const operations = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`op${i}`, { action: 'send', channel: { $ref: '#/channels/c' } }]));
    const [, messageSection, operationSection] = channelSections({ asyncapi: '3.0.0', channels: { c: { messages } }, operations }, 'c').sections;
    expect(messageSection.body.split('\n')).toEqual(Array.from({ length: 100 }, (_, i) => `m${i}`));
    expect(operationSection.body.split('\n')).toEqual(Array.from({ length: 200 }, (_, i) => `send op${i}`));
  });
});
