/**
 * `node server/eval/fact-ceiling.mjs --json <file> --sections <dir>`: where the no-model answer
 * loses the answering fact (issue 69 item 3), from what `run.mjs --reader --json <file>
 * --dump-sections <dir>` wrote. Each answerable question (the repository's own sites and the reader
 * sets) falls in one class:
 *
 * - `found`: the fact is on a line of the answer (run.mjs's own test, same normalisation);
 * - `not retrieved`: no expected page among the five sources;
 * - `not in the page's words`: an expected page is a source, but no section of any expected page
 *   holds the fact as written (the question's author paraphrased, or the fact is in a table, a
 *   code sample or a component the sections keep in other words): an answer that quotes the
 *   page's lines cannot hold it, whatever it picks;
 * - `quoted the wrong lines`: an expected page is a source and one of its sections holds the fact,
 *   but the answer quoted other lines.
 *
 * The extractive answer's ceiling is `found` plus `quoted the wrong lines`: the share a perfect
 * choice of lines among the retrieved pages would reach. Printed per site and in total.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { normalise } from './fact-text.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({ options: { json: { type: 'string' }, sections: { type: 'string' } } });
if (!args.json || !args.sections) {
  console.error('fact-ceiling: --json <file> and --sections <dir> are required (written by run.mjs --reader --json <file> --dump-sections <dir>)');
  process.exit(2);
}

const pageOf = (page) =>
  page
    .replace(/^\/+/, '')
    .replace(/\.mdx?$/, '')
    .replace(/[#?].*$/, '');

let figures;
try {
  figures = JSON.parse(readFileSync(args.json, 'utf8'));
} catch (error) {
  console.error(`fact-ceiling: ${args.json}: ${error.message}`);
  process.exit(2);
}
const answers = new Map((figures.answers ?? []).map((answer) => [answer.id, answer]));
/** The repository's own sites (questions/), then the reader sets' (reader/), with their splits. */
const sites = [
  ...readdirSync(path.join(here, 'questions')).map((file) => ({ site: file.replace(/\.json$/, ''), questions: path.join(here, 'questions', file) })),
  ...JSON.parse(readFileSync(path.join(here, 'reader', 'sites.json'), 'utf8')).sites.map((site) => ({
    ...site,
    questions: path.join(here, 'reader', 'questions', `${site.site}.json`),
  })),
];

const CLASSES = ['found', 'not retrieved', 'not in the page’s words', 'quoted the wrong lines'];
const rows = [];
const total = Object.fromEntries(CLASSES.map((name) => [name, 0]));
for (const site of sites) {
  let sections;
  try {
    sections = JSON.parse(readFileSync(path.join(args.sections, `sections-${site.site}.json`), 'utf8'));
  } catch {
    console.log(`fact-ceiling: ${site.site} skipped: no sections-${site.site}.json in ${args.sections}`);
    continue;
  }
  const textOf = new Map();
  for (const section of sections) {
    const page = pageOf(section.pagePath);
    const words = normalise([section.pageTitle, section.pageDescription, section.heading, section.body].filter(Boolean).join('\n'));
    textOf.set(page, `${textOf.get(page) ?? ''}\n${words}`);
  }
  const { questions } = JSON.parse(readFileSync(site.questions, 'utf8'));
  const row = Object.fromEntries(CLASSES.map((name) => [name, 0]));
  for (const question of questions) {
    const answer = answers.get(question.id);
    if (question.expected.length === 0 || !answer || answer.rank === undefined) continue;
    const facts = [question.fact ?? []].flat().map(normalise);
    let kind;
    if (answer.found) kind = 'found';
    else if (!(answer.rank >= 1 && answer.rank <= 5)) kind = 'not retrieved';
    else if (!question.expected.some((page) => facts.some((fact) => (textOf.get(pageOf(page)) ?? '').includes(fact)))) kind = 'not in the page’s words';
    else kind = 'quoted the wrong lines';
    row[kind]++;
    total[kind]++;
  }
  rows.push([site.site, site.split ?? '', row]);
}
rows.push(['total', '', total]);

const sum = (row) => CLASSES.reduce((n, name) => n + row[name], 0);
const share = (n, d) => (d === 0 ? '–' : (n / d).toFixed(2));
console.log(`| site | split | answerable | ${CLASSES.join(' | ')} | ceiling (found + wrong lines) |`);
console.log(`|---|---|---|${CLASSES.map(() => '---|').join('')}---|`);
for (const [name, split, row] of rows) {
  const n = sum(row);
  console.log(
    `| ${name} | ${split} | ${n} | ${CLASSES.map((kind) => `${row[kind]} (${share(row[kind], n)})`).join(' | ')} | ${share(row.found + row['quoted the wrong lines'], n)} |`,
  );
}
