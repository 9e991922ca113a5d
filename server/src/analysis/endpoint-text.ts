/**
 * The text of an endpoint page, from its operation: summary, description, method and path,
 * and the descriptions of its parameters, request body and responses. Only local `$ref`s
 * (`#/components/…`) are followed, one step each, so a spec cannot make this loop or read files.
 */
import { isPlainObject } from '../messages/text.js';
import type { TextSection } from './page-text.js';

type Json = Record<string, unknown>;

const listOf = (value: unknown): readonly unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);

function local(spec: Json, value: unknown): Json | undefined {
  if (!isPlainObject(value)) return undefined;
  const ref = value.$ref;
  if (typeof ref !== 'string') return value;
  if (!ref.startsWith('#/')) return undefined;
  let target: unknown = spec;
  for (const step of ref.slice(2).split('/')) {
    const key = step.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isPlainObject(target) || !Object.hasOwn(target, key)) return undefined;
    target = target[key];
  }
  return isPlainObject(target) ? target : undefined;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The operation of `method path` (or the webhook `path` when method is `WEBHOOK`). */
function findOperationIn(spec: unknown, method: string, pathKey: string): Json | undefined {
  if (!isPlainObject(spec)) return undefined;
  const container = method.toUpperCase() === 'WEBHOOK' ? spec.webhooks : spec.paths;
  if (!isPlainObject(container) || !Object.hasOwn(container, pathKey)) return undefined;
  const item = local(spec, container[pathKey]);
  if (!item) return undefined;
  if (method.toUpperCase() === 'WEBHOOK') {
    for (const key of ['post', 'put', 'get', 'patch', 'delete']) if (isPlainObject(item[key])) return item[key];
    return undefined;
  }
  const operation = item[method.toLowerCase()];
  return isPlainObject(operation)
    ? {
        ...operation,
        parameters: [...listOf(item.parameters), ...listOf(operation.parameters)],
      }
    : undefined;
}

export function endpointSections(spec: unknown, method: string, pathKey: string): { summary: string; description: string; sections: TextSection[] } {
  const operation = findOperationIn(spec, method, pathKey);
  const heading = method.toUpperCase() === 'WEBHOOK' ? `webhook ${pathKey}` : `${method.toUpperCase()} ${pathKey}`;
  if (!operation || !isPlainObject(spec)) return { summary: '', description: '', sections: [{ heading: null, anchor: null, depth: 0, body: heading }] };
  const sections: TextSection[] = [];
  const intro = [heading, text(operation.summary), text(operation.description)].filter(Boolean).join('\n\n');
  sections.push({ heading: null, anchor: null, depth: 0, body: intro });
  const parameters = listOf(operation.parameters)
    .slice(0, 200)
    .map((parameter) => local(spec, parameter))
    .filter((parameter): parameter is Json => parameter !== undefined)
    .map((parameter) =>
      [text(parameter.name), text(parameter.in) && `(${text(parameter.in)})`, text(parameter.description) || text(local(spec, parameter.schema)?.description)]
        .filter(Boolean)
        .join(' '),
    );
  if (parameters.length > 0) sections.push({ heading: 'Parameters', anchor: 'parameters', depth: 2, body: parameters.join('\n') });
  const body = local(spec, operation.requestBody);
  if (body) {
    const lines = [text(body.description)];
    if (isPlainObject(body.content)) {
      for (const media of Object.values(body.content).slice(0, 10)) {
        const schema = local(spec, isPlainObject(media) ? media.schema : undefined);
        if (schema) lines.push(text(schema.description), ...schemaProperties(spec, schema));
      }
    }
    sections.push({ heading: 'Body', anchor: 'body', depth: 2, body: lines.filter(Boolean).join('\n') });
  }
  if (isPlainObject(operation.responses)) {
    const lines = Object.entries(operation.responses)
      .slice(0, 50)
      .map(([status, response]) => `${status} ${text(local(spec, response)?.description)}`.trim());
    if (lines.length > 0) sections.push({ heading: 'Responses', anchor: 'responses', depth: 2, body: lines.join('\n') });
  }
  return { summary: text(operation.summary), description: text(operation.description), sections };
}

/** `name: description` of an object schema's properties (one level). */
function schemaProperties(spec: Json, schema: Json): string[] {
  if (!isPlainObject(schema.properties)) return [];
  return Object.entries(schema.properties)
    .slice(0, 100)
    .map(([name, property]) => `${name} ${text(local(spec, property)?.description)}`.trim());
}
