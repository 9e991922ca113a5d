/**
 * Pages whose front matter says `asyncapi: "chat"` (or `"events chat"`) document that AsyncAPI
 * channel: the platform titles the page from it. @mintlify/common (the copy @mintlify/prebuild
 * 1.0.1341 builds with), dist/slug/getDecoratedNavPageAndSlug.js, then
 * dist/asyncapi/prepAsyncApiFrontmatter.js and dist/asyncapi/getAsyncApiChannelMetadata.js:
 * - the value is a channel id, or a spec and a channel id (more words: nothing);
 * - a spec written with `.json`, `.yaml` or `.yml` is made a path from the page's folder without
 *   a leading `/`, which no AsyncAPI file of the build is known by (they are `/specs/ws.json` and
 *   `ws`): nothing is found; a spec without one must be a file's name without its extension;
 * - of the root's AsyncAPI files in the platform's order (page-operations.ts `walkOrder`), the
 *   LAST that has a channel with that id is used;
 * - the title is the channel's `title`, else its id in sentence case; the description its
 *   `description`, else its `summary`, else ''. Both replace an `openapi` operation's, even when
 *   no channel is found (then the title is the file name's); front matter `title` and
 *   `description` win over them.
 * Confirmed by building (test/resolve/page-operations.corpus.test.ts).
 */
import path from 'node:path';
import type { DocsFiles } from '../docs-root.js';
import { listChannels, sentenceCase, type AsyncapiChannel } from './asyncapi.js';
import { SPEC_FILE, walkOrder } from './page-operations.js';
import type { SpecLoader } from './specs.js';

/** What a page's `asyncapi` front matter gives it: its channel's title and description, when the channel is found. */
export interface FrontMatterChannel {
  title?: string;
  description?: string;
}

export class PageChannels {
  /** The root's AsyncAPI files in the platform's order, each with its channels by id, found on first use. */
  private specs: Array<{ name: string; channels: Map<string, AsyncapiChannel> }> | undefined;

  constructor(
    private readonly loader: SpecLoader,
    private readonly files: DocsFiles | undefined,
  ) {}

  /**
   * What a page's `asyncapi` front matter (a string, not empty) gives it, as the platform does: the
   * channel's title and description ('' without one) when it finds the channel, else neither (the
   * page then has its file name's title and no description, even over an `openapi` operation's).
   */
  find(reference: string): FrontMatterChannel {
    const words = reference.trim().split(/\s+/);
    if (words.length > 2) return {};
    const [spec, id] = words.length === 2 ? words : [undefined, words[0]];
    if (spec !== undefined && /\.(json|ya?ml)$/i.test(spec)) return {};
    const channel = this.all()
      .findLast((file) => (spec === undefined || file.name === spec) && file.channels.has(id))
      ?.channels.get(id);
    if (!channel) return {};
    return { title: channel.title || sentenceCase(channel.id), description: channel.description || channel.summary || '' };
  }

  private all(): Array<{ name: string; channels: Map<string, AsyncapiChannel> }> {
    // Stryker disable next-line ConditionalExpression: building it again gives the same list (a cache).
    if (!this.specs) {
      this.specs = [];
      // Stryker disable next-line OptionalChaining: without `files` no page file is found, so nothing asks.
      const listed = (this.files?.list?.() ?? []).filter((file) => SPEC_FILE.test(file)).sort(walkOrder);
      for (const file of listed) {
        const loaded = this.loader.loadAsyncapiSync(file);
        if (loaded.ok)
          this.specs.push({ name: path.posix.parse(file).name, channels: new Map(listChannels(loaded.spec).map((channel) => [channel.id, channel])) });
      }
    }
    return this.specs;
  }
}
