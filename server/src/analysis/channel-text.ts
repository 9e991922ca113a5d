/**
 * The text of a page the platform makes from an AsyncAPI channel: the channel's id, address,
 * title, summary and description, its messages (name, title, summary, description) and the
 * operations on it (action, summary). Only local `$ref`s (`#/components/…`) are followed, by the
 * library's `followLocalRef` (as the library lists channels: the same steps, the same limit), so a
 * spec cannot make this loop or read files.
 */
import { followLocalRef } from 'docsnav';
import { isPlainObject } from '../messages/text.js';
import type { TextSection } from './page-text.js';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const line = (...parts: string[]) => parts.filter(Boolean).join(' ');

/** The `$ref` an operation uses for this channel (`#/channels/<id>`, the id escaped as a JSON pointer). */
const channelRef = (id: string) => `#/channels/${id.replace(/~/g, '~0').replace(/\//g, '~1')}`;

export function channelSections(spec: unknown, channelId: string): { description: string; sections: TextSection[] } {
  const heading = `channel ${channelId}`;
  const channels = isPlainObject(spec) ? spec.channels : undefined;
  const channel = isPlainObject(spec) && isPlainObject(channels) && Object.hasOwn(channels, channelId) ? followLocalRef(spec, channels[channelId]) : undefined;
  if (!channel || !isPlainObject(spec)) return { description: '', sections: [{ heading: null, anchor: null, depth: 0, body: heading }] };
  const description = text(channel.description) || text(channel.summary);
  const intro = [line(heading, text(channel.address)), text(channel.title), text(channel.summary), text(channel.description)];
  const sections: TextSection[] = [{ heading: null, anchor: null, depth: 0, body: intro.filter(Boolean).join('\n\n') }];
  const messages = isPlainObject(channel.messages) ? Object.entries(channel.messages).slice(0, 100) : [];
  const messageLines = messages
    .map(([key, raw]) => {
      const message = followLocalRef(spec, raw);
      return message ? line(text(message.name) || key, text(message.title), text(message.summary), text(message.description)) : key;
    })
    .filter(Boolean);
  if (messageLines.length > 0) sections.push({ heading: 'Messages', anchor: 'messages', depth: 2, body: messageLines.join('\n') });
  const ref = channelRef(channelId);
  const operations = Object.entries(isPlainObject(spec.operations) ? spec.operations : {}).slice(0, 200);
  const operationLines = operations
    .map(([id, raw]) => ({ id, operation: followLocalRef(spec, raw) }))
    .filter(({ operation }) => isPlainObject(operation?.channel) && operation.channel.$ref === ref)
    .map(({ id, operation }) => line(text(operation!.action), id, text(operation!.title), text(operation!.summary), text(operation!.description)));
  if (operationLines.length > 0) sections.push({ heading: 'Operations', anchor: 'operations', depth: 2, body: operationLines.join('\n') });
  return { description, sections };
}
