import { describe, expect, it } from 'vitest';
import { platformValidation } from '../../bench/differential/drops.mjs';
import { EXTRA_TARGETS, makeGenerator } from '../../bench/differential/generate.mjs';
import { coverageGaps, coverageTargets, platformModel, type PlatformModel } from '../../bench/differential/schema.mjs';
import { skipWithoutPrebuild } from '../platform-packages.js';

/**
 * The differential run's generator (bench/differential/generate.mjs) on the model it reads from the
 * platform's own validator (bench/differential/schema.mjs; @mintlify/validation as
 * @mintlify/prebuild installed it, on demand, never a dependency): the model holds what the
 * platform admits (a menu item's every child kind), the same seed gives the same site, and 3,000
 * sites write every field and nesting the schema admits and every kind of spec and file name the
 * issue lists.
 */

const skip = skipWithoutPrebuild('the differential generator');
const model: PlatformModel | undefined = skip ? undefined : platformModel(await platformValidation());

describe.skipIf(skip)('the differential generator, on the platform’s schema', () => {
  it('reads every element, field and child kind the platform admits', () => {
    const { elements } = model!;
    expect(Object.keys(elements).sort()).toEqual(
      [
        'navigation',
        'group',
        'tab',
        'anchor',
        'dropdown',
        'product',
        'version',
        'language',
        'item',
        'global',
        ...['anchor', 'dropdown', 'language', 'product', 'tab', 'version'].map((kind) => `global-${kind}`),
      ].sort(),
    );
    expect(Object.keys(elements.item.children).sort()).toEqual(['anchors', 'dropdowns', 'groups', 'languages', 'pages', 'products', 'tabs', 'versions']);
    expect(elements.group.children).toEqual({ pages: ['page', 'group'] });
    expect(elements.tab.children.menu).toEqual(['item']);
    expect(elements.language.nameValues).toContain('pt-BR');
    // Fields the platform drops when wrong (groups' openapi and asyncapi) and those it refuses (graphql on a group).
    expect(elements.group.fields.asyncapi.catches).toBe(true);
    expect(elements.group.fields.graphql.forms.map((form) => form.type)).toEqual(['never']);
    expect(coverageTargets(model!).length).toBeGreaterThan(200);
  });

  it('gives the same site for the same seed', () => {
    const generate = makeGenerator(model!);
    expect(generate(11).files).toEqual(generate(11).files);
    expect(generate(11).files).not.toEqual(generate(12).files);
  });

  it('writes, over 3,000 sites, every field and nesting the schema admits, every spec kind and file-naming case', () => {
    const generate = makeGenerator(model!);
    const written = new Set<string>();
    const seen = new Set<string>();
    for (let seed = 1; seed <= 3000; seed++) {
      const { files, written: targets } = generate(seed);
      for (const target of targets) written.add(target);
      for (const [name, text] of Object.entries(files)) {
        if (/^\s*"?swagger"?: "?2\.0|"swagger": "2\.0"/m.test(text)) seen.add(`swagger ${name.endsWith('.json') ? 'json' : 'yaml'}`);
        const openapi = /"?openapi"?: "?(3\.[01])/.exec(text);
        if (openapi && !name.endsWith('docs.json')) seen.add(`openapi ${openapi[1]} ${/\.json$/i.test(name) ? 'json' : 'yaml'}`);
        const asyncapi = /"?asyncapi"?: "?([23])\./.exec(text);
        if (asyncapi && !name.endsWith('docs.json')) seen.add(`asyncapi ${asyncapi[1]}`);
        if (/\.(ya?ml|json)$/i.test(name) && name !== 'docs.json') {
          if (name.includes(' ')) seen.add('spec path with a space');
          if (/[A-Z]/.test(name)) seen.add('spec path with capitals');
          if (/[^\x00-\x7f]/.test(name)) seen.add('spec path with unicode');
          if (name.includes('%20')) seen.add('spec path with %20');
        }
        if (/\.mdx?$/.test(name)) {
          if (name.endsWith('.md') && files[`${name}x`] !== undefined) seen.add('.md beside .mdx');
          if (/(^|\/)(changelog|readme|license|contributing|contribute)\.md$/i.test(name)) seen.add('reserved .md name');
          if (name.includes('%20')) seen.add('page path with %20');
          if (name.includes(' ')) seen.add('page path with a space');
        }
      }
      if (files['mint.json'] !== undefined && files['docs.json'] === undefined) seen.add('mint.json only');
    }
    expect(coverageGaps(model!, written)).toEqual([]);
    expect(EXTRA_TARGETS.filter((target) => !written.has(target))).toEqual([]);
    expect([...seen].sort()).toEqual(
      [
        'swagger json',
        'swagger yaml',
        'openapi 3.0 json',
        'openapi 3.0 yaml',
        'openapi 3.1 json',
        'openapi 3.1 yaml',
        'asyncapi 2',
        'asyncapi 3',
        'spec path with a space',
        'spec path with capitals',
        'spec path with unicode',
        'spec path with %20',
        '.md beside .mdx',
        'reserved .md name',
        'page path with %20',
        'page path with a space',
        'mint.json only',
      ].sort(),
    );
  });
});
