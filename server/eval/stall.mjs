/**
 * The stall gate's verdict (eval/run.mjs): another project's slowest answer while a site deploys,
 * over its slowest answer with nothing deploying, measured in several rounds, each with its own
 * baseline taken just before its deployment.
 *
 * Why the median of the rounds' excesses and not one round's: the slowest of ~300 answers on a
 * busy 2-core machine is one sample, and one preemption of the process moves it by hundreds of
 * milliseconds (CI on c8bfda6: 514 ms during, 173 ms idle, while every quantile below the
 * slowest stayed within 40 ms of idle). A stall the deployment causes happens in every round, so
 * it holds the median too; a stall one round happened to meet does not. Every round is printed.
 */

/**
 * @param {{ max: number, idleMax: number }[]} rounds
 * @param {number} limitMs
 * @returns {{ excesses: number[], median: number, ok: boolean }}
 */
export function stallVerdict(rounds, limitMs) {
  if (rounds.length === 0) throw new Error('the stall measurement has no round');
  const excesses = rounds.map((round) => round.max - round.idleMax);
  const sorted = [...excesses].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  // NaN (a round with no answer) is no pass.
  return { excesses, median, ok: median <= limitMs };
}
