/**
 * A deployment's sections embedded before it goes live (issue 69), when the worker has an
 * embeddings endpoint (`--embeddings-base-url`): one pass of search/embeddings.ts's
 * `embedSections`, within `--embeddings-budget`, each batch written fenced on the job's lease.
 * Sections whose text is unchanged since the project's earlier deployments take their vectors.
 * Neither a failing endpoint nor the budget fails the deployment: it goes live, lexical only
 * until the rest is embedded by the first process asked about it; the deployment's log says which.
 */
import { plural } from '../messages/text.js';
import { denseRefusal, Embedder, embedSections, EmbeddingsShapeError } from '../search/embeddings.js';
import { ModelResponseError } from '../assistant/model-fetch.js';
import { pageSections } from '../store/deployments.js';
import { isConnectionLost } from '../store/store.js';
import type { JobContext } from './kind.js';
import type { DEPLOYMENT_KIND } from './deployment-kind.js';

export async function embedDeployment(context: JobContext<typeof DEPLOYMENT_KIND>, deploymentId: string, log: (line: string) => Promise<void>): Promise<void> {
  const settings = context.settings.embeddings;
  if (!settings) return;
  const started = performance.now();
  const sections = await pageSections(context.db, deploymentId);
  if (sections.length === 0) return;
  const refused = denseRefusal(sections.length, settings);
  if (refused !== undefined) {
    await log(`embeddings: ${refused}`);
    return;
  }
  const embedder = new Embedder(settings, (message, details) => context.log.warn(details, message));
  try {
    const { pass } = await embedSections(context.db, embedder, deploymentId, sections, {
      budgetMs: context.settings.embeddingsBudgetMs,
      signal: context.signal,
      write: (work) => context.write(work),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const parts = [
      `${pass.embedded} embedded`,
      `${pass.reused} unchanged since an earlier deployment`,
      ...(pass.stored > 0 ? [`${pass.stored} already stored`] : []),
    ];
    await log(
      `embeddings (${settings.model}): ${plural(sections.length, 'section')}, ${parts.join(', ')} in ${seconds} s${
        pass.missing > 0
          ? `; ${pass.missing} left past the ${Math.round(context.settings.embeddingsBudgetMs / 1000)} s budget, embedded when the deployment is first asked about`
          : ''
      }`,
    );
  } catch (error) {
    if (context.signal.aborted || isConnectionLost(error)) throw error;
    // The endpoint's own words go to the server log only (they may quote it); the deployment's log says what kind of failure.
    context.log.warn({ err: ((error as Error)?.message ?? String(error)).slice(0, 300) }, 'embedding the sections of a deployment failed');
    const reason =
      error instanceof ModelResponseError || error instanceof EmbeddingsShapeError
        ? error.message
        : (error as Error)?.name === 'TimeoutError'
          ? 'no answer in time'
          : 'the endpoint failed (see the server log)';
    await log(`embeddings (${settings.model}): stopped: ${reason}; what was embedded is kept, the rest is embedded when the deployment is first asked about`);
  }
}
