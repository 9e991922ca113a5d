/**
 * `node server/eval/rank-diag.mjs --sections <dir> [--site <name>]... [--verbose]`: the assistant's
 * page ranking beside MiniSearch's (its defaults, title ×2, heading ×1.5, as run.mjs reports it)
 * on sections `run.mjs --dump-sections <dir>` wrote, in seconds instead of a deployment per run:
 * for diagnosing the reader sets (issue 60) on the tune split. It ranks in process with the built
 * SectionIndex (server/dist) and the question's terms (a thread's earlier questions as earlier
 * user messages; no citations, so a follow-up's cited-page boost is left out): its figures are
 * close to run.mjs's but are not the reported ones. `--verbose` prints, for each question
 * MiniSearch ranks in its top 5 and docsnav does not, the weighted terms (term:weight:idf), docsnav's
 * top 6 with their scores, best sections and coverage, and MiniSearch's top 5.
 * Set an environment variable the code reads to compare a variant; report only run.mjs's figures.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readDiagSite } from './diag-site.mjs';
import MiniSearch from 'minisearch';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = (file) => path.join(here, '..', 'dist', file);
const { SectionIndex } = await import(dist('search/section-index.js'));
const { searchTerms, questionOf } = await import(dist('search/query.js'));
const { analyzerFor } = await import(dist('search/language.js'));
const { namesAnApiCall } = await import(dist('search/retrieve.js'));

const { values: args } = parseArgs({
  options: {
    sections: { type: 'string' },
    site: { type: 'string', multiple: true },
    verbose: { type: 'boolean', default: false },
  },
});
if (!args.sections) {
  console.error('rank-diag: --sections <dir> is required (written by run.mjs --dump-sections <dir>)');
  process.exit(2);
}
const sites = args.site ?? ['hanko', 'checkly'];
/** retrieve.ts's weight of an endpoint page for a question that names no part of an API call. */
const CONCEPTUAL_ENDPOINT_WEIGHT = 0.75;
const fixed = (value) => value.toFixed(2);
const total = { n: 0, hit1: 0, hit5: 0, mrr: 0, base5: 0, baseMrr: 0 };
for (const site of sites) {
  const { sections, questions } = readDiagSite('rank-diag', args.sections, site);
  const index = await SectionIndex.build(sections, false);
  const engine = new MiniSearch({ fields: ['pageTitle', 'heading', 'pageDescription', 'body'], storeFields: ['pagePath', 'hidden'] });
  engine.addAll(sections.map((section, id) => ({ id, ...section, heading: section.heading ?? '' })));
  const analyzer = analyzerFor('en');
  const stats = { n: 0, hit1: 0, hit5: 0, mrr: 0, base5: 0, baseMrr: 0 };
  for (const item of questions) {
    if (!item.expected?.length) continue;
    const expected = new Set(item.expected.map((page) => page.replace(/^\//, '')));
    const question = questionOf([...(item.thread ?? []).map((text) => ({ role: 'user', content: text })), { role: 'user', content: item.question }]);
    const terms = searchTerms(index, question, analyzer);
    const api = namesAnApiCall(question.text) || (question.followUp && namesAnApiCall(question.earlier[0] ?? ''));
    const ranked = index.rank(terms, { limit: 10, endpointWeight: api ? 1 : CONCEPTUAL_ENDPOINT_WEIGHT });
    const rank = ranked.slice(0, 5).findIndex((entry) => expected.has(entry.page.path)) + 1;
    const baseline = [];
    for (const result of engine.search([...(item.thread ?? []), item.question].join('\n'), {
      boost: { pageTitle: 2, heading: 1.5 },
      filter: (r) => !r.hidden,
    })) {
      if (!baseline.includes(result.pagePath)) baseline.push(result.pagePath);
      if (baseline.length === 5) break;
    }
    const baseRank = baseline.findIndex((page) => expected.has(page)) + 1;
    stats.n++;
    if (rank === 1) stats.hit1++;
    if (rank) {
      stats.hit5++;
      stats.mrr += 1 / rank;
    }
    if (baseRank) {
      stats.base5++;
      stats.baseMrr += 1 / baseRank;
    }
    if (args.verbose && !rank && baseRank) {
      console.log(`\n${item.id} "${item.question}": MiniSearch ${baseRank}; wanted ${[...expected].join(' ')}`);
      console.log(`  terms ${terms.map((term) => `${term.term.replace('\u0001', '+')}:${fixed(term.weight)}:${index.idf(term.term).toFixed(1)}`).join(' ')}`);
      for (const entry of ranked.slice(0, 6))
        console.log(
          `  ${fixed(entry.score)} ${entry.page.path} [${index.sections[entry.section].heading ?? 'before the first heading'}] coverage ${fixed(entry.coverage)}`,
        );
      const at = ranked.findIndex((entry) => expected.has(entry.page.path));
      console.log(`  expected page: ${at >= 0 ? `rank ${at + 1}, ${fixed(ranked[at].score)}` : 'not in the top 10'}; MiniSearch: ${baseline.join(' ')}`);
    }
  }
  const share = (value) => fixed(value / stats.n);
  console.log(
    `${site}: ${stats.n} answerable; docsnav ${share(stats.hit1)} / ${share(stats.hit5)} / ${share(stats.mrr)}; MiniSearch hit@5 ${share(stats.base5)}, MRR ${share(stats.baseMrr)}`,
  );
  for (const key of Object.keys(total)) total[key] += stats[key];
}
if (sites.length > 1)
  console.log(
    `total: docsnav ${(total.hit1 / total.n).toFixed(3)} / ${(total.hit5 / total.n).toFixed(3)} / ${(total.mrr / total.n).toFixed(3)}; MiniSearch hit@5 ${(total.base5 / total.n).toFixed(3)}`,
  );
