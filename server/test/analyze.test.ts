import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeAll } from './helpers.js';
import { docsJson, tempDir } from './helpers.js';

describe('analyzeCheckout', () => {
  it('stores the text of every page, group roots that no list names included, with its trail', async () => {
    const root = tempDir('analyze');
    mkdirSync(path.join(root, 'guides'));
    writeFileSync(path.join(root, 'docs.json'), docsJson({ groups: [{ group: 'Guides', root: 'guides/overview', pages: ['index'] }] }));
    writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Welcome\n---\nHello.\n');
    writeFileSync(path.join(root, 'guides', 'overview.mdx'), '---\ntitle: Custom domains\n---\n## Set up DNS\nAdd a CNAME.\n');
    const { problems, sections } = await analyzeAll({ docsRoot: root, docsFile: path.join(root, 'docs.json'), checkoutRoot: root });
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(sections.map((section) => [section.pagePath, section.pageTitle, section.heading, section.body, section.trail])).toEqual([
      // The group's root is its first page (the resolver puts it in the tree, in navigation order).
      ['guides/overview', 'Custom domains', 'Set up DNS', 'Add a CNAME.', [{ kind: 'group', label: 'Guides' }]],
      ['index', 'Welcome', null, 'Hello.', [{ kind: 'group', label: 'Guides' }]],
    ]);
  });

  it('stores nothing when the docs have errors the platform build fails on, and problem files are relative to the docs root', async () => {
    const root = tempDir('analyze-bad');
    writeFileSync(path.join(root, 'docs.json'), docsJson({ groups: [{ group: 'API', openapi: 'missing.yaml', pages: ['index'] }] }));
    writeFileSync(path.join(root, 'index.mdx'), '# Home\n');
    const { problems, sections } = await analyzeAll({ docsRoot: root, docsFile: path.join(root, 'docs.json'), checkoutRoot: root });
    expect(problems.map((problem) => [problem.code, problem.severity, problem.file])).toEqual([['openapi-not-found', 'error', 'docs.json']]);
    expect(sections).toEqual([]);
  });

  it('deploys what the platform builds: a listed page with no file is a warning, left out of the texts', async () => {
    const root = tempDir('analyze-missing-page');
    writeFileSync(path.join(root, 'docs.json'), docsJson({ groups: [{ group: 'Guides', expand: true, pages: ['index', 'moved-away'] }] }));
    writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Welcome\n---\nHello.\n');
    const { problems, sections } = await analyzeAll({ docsRoot: root, docsFile: path.join(root, 'docs.json'), checkoutRoot: root });
    expect(problems.map((problem) => [problem.code, problem.severity])).toEqual([
      ['unknown-field', 'warning'],
      ['page-not-found', 'warning'],
    ]);
    expect(sections.map((section) => section.pagePath)).toEqual(['index']);
  });

  it('fails where the project config says so, or names the spec profile', async () => {
    for (const config of [{ rules: { 'page-not-found': 'error' } }, { extends: 'spec' }]) {
      const root = tempDir('analyze-missing-strict');
      writeFileSync(path.join(root, 'docs.json'), docsJson({ pages: ['index', 'moved-away'] }));
      writeFileSync(path.join(root, 'index.mdx'), '# Home\n');
      writeFileSync(path.join(root, 'docsnav.config.json'), JSON.stringify(config));
      const { problems, sections } = await analyzeAll({ docsRoot: root, docsFile: path.join(root, 'docs.json'), checkoutRoot: root });
      expect(problems.map((problem) => [problem.code, problem.severity])).toEqual([['page-not-found', 'error']]);
      expect(sections).toEqual([]);
    }
  });
});

describe('analyzeCheckout: AsyncAPI channel pages', () => {
  it("stores each channel page's text: the channel, its description, its messages and operations", async () => {
    const root = tempDir('analyze-asyncapi');
    mkdirSync(path.join(root, 'ws'));
    writeFileSync(
      path.join(root, 'docs.json'),
      docsJson({
        tabs: [
          { tab: 'Home', pages: ['index'] },
          { tab: 'Events', asyncapi: 'ws/events.yaml' },
        ],
      }),
    );
    writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Welcome\n---\nHello.\n');
    writeFileSync(
      path.join(root, 'ws', 'events.yaml'),
      [
        'asyncapi: 3.0.0',
        'info: { title: Shop events, version: "1" }',
        'channels:',
        '  orderUpdates:',
        '    address: orders/{orderId}',
        '    description: Every change to an order, as it happens.',
        '    messages:',
        '      orderChanged: { $ref: "#/components/messages/orderChanged" }',
        '      orderCancelled: { name: OrderCancelled, summary: The customer cancelled the order. }',
        '  chat:',
        '    title: Support chat',
        '    summary: Talk to a person.',
        'operations:',
        '  watchOrders:',
        '    action: receive',
        '    summary: Follow an order until it ships.',
        '    channel: { $ref: "#/channels/orderUpdates" }',
        'components:',
        '  messages:',
        '    orderChanged: { name: OrderChanged, title: Order changed, summary: A field of the order changed. }',
        '',
      ].join('\n'),
    );
    const { problems, sections } = await analyzeAll({ docsRoot: root, docsFile: path.join(root, 'docs.json'), checkoutRoot: root });
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const channel = sections.filter((section) => section.pagePath === 'api-reference/websockets/orderupdates');
    expect(channel.map((section) => [section.pageKind, section.pageTitle, section.pageDescription, section.heading, section.body])).toEqual([
      [
        'endpoint',
        'Order updates',
        'Every change to an order, as it happens.',
        null,
        'channel orderUpdates orders/{orderId}\n\nEvery change to an order, as it happens.',
      ],
      [
        'endpoint',
        'Order updates',
        'Every change to an order, as it happens.',
        'Messages',
        'OrderChanged Order changed A field of the order changed.\nOrderCancelled The customer cancelled the order.',
      ],
      ['endpoint', 'Order updates', 'Every change to an order, as it happens.', 'Operations', 'receive watchOrders Follow an order until it ships.'],
    ]);
    const chat = sections.filter((section) => section.pagePath === 'api-reference/websockets/support-chat');
    expect(chat.map((section) => [section.pageTitle, section.pageDescription, section.body])).toEqual([
      ['Support chat', 'Talk to a person.', 'channel chat\n\nSupport chat\n\nTalk to a person.'],
    ]);
    expect(channel[0].trail).toEqual([
      { kind: 'tab', label: 'Events' },
      { kind: 'group', label: 'Websockets' },
    ]);
  });
});

describe('what the platform deploys with', () => {
  const site = (root: string, config?: object) => {
    writeFileSync(
      path.join(root, 'docs.json'),
      JSON.stringify({ ...JSON.parse(docsJson({ pages: ['index'] })), redirects: [{ source: '/old', destination: '/nowhere' }] }),
    );
    writeFileSync(path.join(root, 'index.mdx'), '# Home\n\nSee [the guide](/gone).\n');
    if (config) writeFileSync(path.join(root, 'docsnav.config.json'), JSON.stringify(config));
  };

  it('a redirect to nowhere is a warning, and page bodies are not read for links: the page deploys', async () => {
    const root = tempDir('analyze-links');
    site(root);
    // A page that does not parse, which a deployment that read it would report (page-unparsable).
    writeFileSync(path.join(root, 'draft.mdx'), '# Draft\n\n<Card title="x"\n');
    const scanStore = path.join(root, 'scans.json');
    const { problems, sections, scanned } = await analyzeAll({ docsRoot: root, docsFile: path.join(root, 'docs.json'), checkoutRoot: root, scanStore });
    expect(problems.map((problem) => [problem.code, problem.severity, problem.file])).toEqual([['redirect-not-found', 'warning', 'docs.json']]);
    expect(sections.map((section) => section.pagePath)).toEqual(['index']);
    expect(scanned).toBe(0);
    expect(existsSync(scanStore)).toBe(false);
  });

  it('unless the project config turns the link check on: a warning deploys, an error does not', async () => {
    const warned = tempDir('analyze-links-warning');
    site(warned, { rules: { 'link-not-found': 'warning' } });
    const scanStore = path.join(warned, 'scans.json');
    const deployed = await analyzeAll({ docsRoot: warned, docsFile: path.join(warned, 'docs.json'), checkoutRoot: warned, scanStore });
    expect(deployed.scanned).toBe(1);
    expect(existsSync(scanStore)).toBe(true);
    expect(deployed.problems.map((problem) => [problem.code, problem.severity, problem.file])).toEqual([
      ['redirect-not-found', 'warning', 'docs.json'],
      ['link-not-found', 'warning', 'index.mdx'],
    ]);
    expect(deployed.sections.map((section) => section.pagePath)).toEqual(['index']);

    const failed = tempDir('analyze-links-error');
    site(failed, { rules: { 'link-not-found': 'error' } });
    const { problems, sections } = await analyzeAll({ docsRoot: failed, docsFile: path.join(failed, 'docs.json'), checkoutRoot: failed });
    expect(problems.find((problem) => problem.code === 'link-not-found')?.severity).toBe('error');
    expect(sections).toEqual([]);
  });
});

describe('the options a deployment is checked with', () => {
  it('scan pages in the task thread (within its limits), whatever the project config says', async () => {
    const { serverOptions } = await import('../src/analysis/project-config.js');
    const { loadConfig } = await import('docsnav');
    const root = tempDir('analyze-options');
    writeFileSync(path.join(root, 'docsnav.config.json'), JSON.stringify({ rules: { 'page-not-found': 'warning' } }));
    const options: { concurrency?: number; rules?: Record<string, unknown> } = serverOptions(loadConfig(path.join(root, 'docs.json')), { root });
    expect(options.concurrency).toBe(1);
    expect(options.rules?.['link-not-found']).toBe('off');
    expect(options.rules?.['redirect-not-found']).toBe('warning');
    expect(options.rules?.['page-not-found']).toBe('warning');
  });
});

describe('the project config file', () => {
  const docs = docsJson({ pages: ['missing'] });

  it('applies a config in the repository (here the docs folder’s parent)', async () => {
    const checkout = tempDir('analyze-config');
    mkdirSync(path.join(checkout, 'docs'));
    writeFileSync(path.join(checkout, 'docs', 'docs.json'), docs);
    writeFileSync(path.join(checkout, 'docsnav.config.json'), JSON.stringify({ rules: { 'page-not-found': 'warning' } }));
    const { problems } = await analyzeAll({
      docsRoot: path.join(checkout, 'docs'),
      docsFile: path.join(checkout, 'docs', 'docs.json'),
      checkoutRoot: checkout,
    });
    expect(problems.map((problem) => [problem.code, problem.severity])).toEqual([['page-not-found', 'warning']]);
  });

  it('never reads a config above the checkout', async () => {
    const outside = tempDir('analyze-outside');
    writeFileSync(path.join(outside, 'docsnav.config.json'), JSON.stringify({ rules: { 'page-not-found': 'off' } }));
    const checkout = path.join(outside, 'checkout');
    mkdirSync(checkout);
    writeFileSync(path.join(checkout, 'docs.json'), docs);
    const { problems } = await analyzeAll({ docsRoot: checkout, docsFile: path.join(checkout, 'docs.json'), checkoutRoot: checkout });
    // The deployment's own severity (the platform deploys it with a warning), not the config's `off`.
    expect(problems.map((problem) => [problem.code, problem.severity])).toEqual([['page-not-found', 'warning']]);
  });
});
