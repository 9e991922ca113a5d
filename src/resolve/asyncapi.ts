/**
 * The pages the platform makes from an AsyncAPI spec (`asyncapi` on a navigation element): one
 * per channel, in groups named by each channel's first tag (else "Websockets"), at
 * `<directory>/<slug(group)>/<slug(title)>`, all lower-cased (`api-reference/websockets/chat`).
 * Read from @mintlify/prebuild 1.0.1341 (processAsyncApiChannel, findNavGroup) and confirmed by
 * running it (test/resolve/asyncapi.corpus.test.ts).
 */
import path from 'node:path';
import { isPlainObject } from '../navigation/model.js';
import { stripLeadingSlashes } from '../text.js';
import { slug } from './slug.js';

/** The folder of generated pages when the `asyncapi` object names no `directory`. */
const DEFAULT_DIRECTORY = 'api-reference';
/** The group of channels without a tag (the platform's DEFAULT_WEBSOCKETS_GROUP_NAME). */
const UNTAGGED_GROUP = 'Websockets';

/** An AsyncAPI 3.x document (only the parts page generation reads are typed). */
export interface AsyncapiDocument {
  asyncapi: string;
  channels?: Record<string, unknown>;
  [key: string]: unknown;
}

/** One message of a channel, for its page's text. */
interface ChannelMessage {
  /** Its key in the channel's `messages`. */
  key: string;
  name?: string;
  title?: string;
  summary?: string;
  description?: string;
}

/** One channel of a spec: its key (the platform's channel id) and what its page shows. */
export interface AsyncapiChannel {
  id: string;
  title?: string;
  address?: string;
  summary?: string;
  description?: string;
  /** The first tag's name: the group the channel's page is in. */
  tag?: string;
  messages: ChannelMessage[];
}

/** A generated channel page: its path (the URL path) and title. */
interface ChannelPage {
  channel: AsyncapiChannel;
  /** The page path, suffixed (`-1`, `-2`) when an earlier channel of its group has it. */
  page: string;
  /** The path before any suffix. */
  base: string;
  title: string;
}

/** A generated group of channel pages. */
export interface ChannelGroup {
  label: string;
  pages: ChannelPage[];
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Most `$ref` steps followed for one value (a chain of references, or a cycle). */
const MAX_REF_HOPS = 16;

/**
 * A value of an AsyncAPI (or any JSON) document with its local `$ref`s followed: `{ "$ref":
 * "#/components/messages/a" }` becomes the object at that JSON pointer, one step at a time (a
 * reference to a reference is followed too), at most 16 steps, as the platform's parser resolves
 * them. Undefined when the value is not an object, a reference leads outside the document (no `#/`)
 * or nowhere, or the chain is longer (or a cycle); the value itself when it holds no `$ref`. Reads
 * nothing but `document`: never a file or a URL.
 */
export function followLocalRef(document: Record<string, unknown>, value: unknown): Record<string, unknown> | undefined {
  const doc = document;
  let item = value;
  for (let hop = 0; hop < MAX_REF_HOPS && isPlainObject(item) && typeof item.$ref === 'string'; hop++) {
    const ref = item.$ref;
    if (!ref.startsWith('#/')) return undefined;
    let target: unknown = doc;
    for (const step of ref.slice(2).split('/')) {
      const key = step.replace(/~1/g, '/').replace(/~0/g, '~');
      target = isPlainObject(target) && Object.hasOwn(target, key) ? target[key] : undefined;
    }
    item = target;
  }
  return isPlainObject(item) && typeof item.$ref !== 'string' ? item : undefined;
}

/** Every channel of a spec, in document order (`channels`' keys are the channel ids in AsyncAPI 3). */
export function listChannels(spec: AsyncapiDocument): AsyncapiChannel[] {
  const doc = spec as Record<string, unknown>;
  if (!isPlainObject(doc.channels)) return [];
  const out: AsyncapiChannel[] = [];
  for (const [id, raw] of Object.entries(doc.channels)) {
    const channel = followLocalRef(doc, raw);
    if (!channel) continue;
    const tags = Array.isArray(channel.tags) ? channel.tags : [];
    const messages: ChannelMessage[] = [];
    if (isPlainObject(channel.messages)) {
      for (const [key, rawMessage] of Object.entries(channel.messages)) {
        const message = followLocalRef(doc, rawMessage);
        if (!message) continue;
        messages.push({
          key,
          name: text(message.name),
          title: text(message.title),
          summary: text(message.summary),
          description: text(message.description),
        });
      }
    }
    out.push({
      id,
      title: text(channel.title),
      address: text(channel.address),
      summary: text(channel.summary),
      description: text(channel.description),
      tag: text(followLocalRef(doc, tags[0])?.name),
      messages,
    });
  }
  return out;
}

/**
 * The platform's title for a channel page: its `title`, else its id in sentence case
 * (camelToSentenceCase: split before each capital, lower-cased, the first letter upper-cased:
 * `userSignedUp` is "User signed up").
 */
export function channelTitle(channel: AsyncapiChannel): string {
  if (channel.title !== undefined && channel.title !== channel.id) return channel.title;
  return sentenceCase(channel.id);
}

/** The platform's camelToSentenceCase: split before each capital, lower-cased, the first letter upper-cased. */
export function sentenceCase(id: string): string {
  const words = id.split(/(?=[A-Z])/).map((word) => word.toLowerCase());
  return words.map((word, i) => (i === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word)).join(' ');
}

/** The page a channel's description shows: its `description`, else its `summary`. */
export function channelDescription(channel: AsyncapiChannel): string | undefined {
  return channel.description ?? channel.summary;
}

/**
 * The groups and pages of one spec, as the platform generates them: a group per first tag (in
 * the order first met), each channel's page in its group. A page path an earlier page of its
 * group has gets `-1`, `-2`, … The platform compares the path before lower-casing it with the
 * lower-cased paths it has, so a `directory` with capitals never suffixes (both pages keep one
 * path); so does this.
 */
export function channelGroups(spec: AsyncapiDocument, directory: string | undefined): ChannelGroup[] {
  const groups = new Map<string, ChannelGroup & { taken: Set<string> }>();
  for (const channel of listChannels(spec)) {
    const label = channel.tag ?? UNTAGGED_GROUP;
    let group = groups.get(label);
    if (!group) groups.set(label, (group = { label, pages: [], taken: new Set() }));
    const name = channel.title ?? channel.id;
    // The platform joins with path.join (`a/../b` is `b`, `''` is no folder); a leading `/` is no part of a page path.
    const base = stripLeadingSlashes(path.posix.join(directory ?? DEFAULT_DIRECTORY, slug(label), slug(name)), false);
    let page = base;
    for (let n = 1; group.taken.has(page); n++) page = `${base}-${n}`;
    page = page.toLowerCase();
    group.taken.add(page);
    group.pages.push({ channel, page, base: base.toLowerCase(), title: channelTitle(channel) });
  }
  return [...groups.values()].map(({ label, pages }) => ({ label, pages }));
}
