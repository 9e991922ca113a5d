/**
 * The two search libraries the eval measures docsnav against (run.mjs) and the diagnosis tools
 * rank beside it (rank-diag.mjs), on the same stored sections: MiniSearch and lunr, each in two
 * configurations, one result per page (its URL), the same version and language filter.
 */
import lunr from 'lunr';
import MiniSearch from 'minisearch';

/** The site URL of a page path (search/retrieve.ts's pageUrl: an `index` page is its folder). */
const pageUrl = (pagePath) => `/${pagePath.replace(/(^|\/)index$/, '')}`;
const label = (trail, kind) => (Array.isArray(trail) ? trail : []).find((item) => item?.kind === kind)?.label;
/** Whether a section passes the filter (a page of no version or language passes any). */
const passes = (section, filter) => {
  const version = label(section.trail, 'version');
  const language = label(section.trail, 'language');
  return !section.hidden && !(filter?.version && version && version !== filter.version) && !(filter?.language && language && language !== filter.language);
};

/**
 * MiniSearch on the same sections: title, heading, description and body; one result per page;
 * the same filter. Two configurations (its documented prefix + fuzzy search, and its defaults).
 */
export const MINISEARCH = {
  'prefix + fuzzy 0.2, title ×2, heading ×1.5': { boost: { pageTitle: 2, heading: 1.5 }, prefix: true, fuzzy: 0.2 },
  'defaults, title ×2, heading ×1.5': { boost: { pageTitle: 2, heading: 1.5 } },
};

/** A search of `sections` with MiniSearch: (text, filter, configuration, depth) → page URLs, best first. */
function miniSearchOf(sections) {
  const engine = new MiniSearch({ fields: ['pageTitle', 'heading', 'pageDescription', 'body'], storeFields: ['id'] });
  engine.addAll(
    sections.map((section, id) => ({
      id,
      pageTitle: section.pageTitle,
      heading: section.heading ?? '',
      pageDescription: section.pageDescription,
      body: section.body,
    })),
  );
  return (text, filter, searchOptions, depth = 5) => {
    const pages = [];
    for (const result of engine.search(text, { ...searchOptions, filter: (result) => passes(sections[result.id], filter) })) {
      const url = pageUrl(sections[result.id].pagePath);
      if (!pages.includes(url)) pages.push(url);
      if (pages.length === depth) break;
    }
    return pages;
  };
}

/**
 * lunr on the same sections (its stemmer and stop words), one result per page, the same filter:
 * plain query terms, and each term also as a prefix and within edit distance 1 (lunr's wildcards
 * and fuzzy `~1`).
 */
export const LUNR = {
  'terms, title ×2, heading ×1.5': (term) => [term],
  'terms + prefix + fuzzy 1, title ×2, heading ×1.5': (term) => [term, `${term}*`, ...(term.length > 4 ? [`${term}~1`] : [])],
};

/** A search of `sections` with lunr: (text, filter, configuration, depth) → page URLs, best first. */
function lunrOf(sections) {
  const index = lunr(function () {
    this.ref('id');
    this.field('pageTitle', { boost: 2 });
    this.field('heading', { boost: 1.5 });
    this.field('pageDescription');
    this.field('body');
    sections.forEach((section, id) =>
      this.add({ id: String(id), pageTitle: section.pageTitle, heading: section.heading ?? '', pageDescription: section.pageDescription, body: section.body }),
    );
  });
  return (text, filter, expand, depth = 5) => {
    const terms = text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((term) => term.length > 1);
    let results;
    try {
      results = index.search(terms.flatMap(expand).join(' '));
    } catch {
      // A query lunr's parser refuses (a term it reads as syntax): no results.
      results = [];
    }
    const pages = [];
    for (const result of results) {
      const section = sections[Number(result.ref)];
      if (!passes(section, filter)) continue;
      const url = pageUrl(section.pagePath);
      if (!pages.includes(url)) pages.push(url);
      if (pages.length === depth) break;
    }
    return pages;
  };
}

/** Every configuration of both libraries as [label, run.mjs's key, (sections) → (text, filter) → URLs]. */
export function baselineEngines(sections) {
  const mini = miniSearchOf(sections);
  const lun = lunrOf(sections);
  return [
    ...Object.entries(MINISEARCH).map(([name, options]) => [`MiniSearch ${name}`, name, (text, filter, depth) => mini(text, filter, options, depth)]),
    ...Object.entries(LUNR).map(([name, expand]) => [`lunr ${name}`, `lunr: ${name}`, (text, filter, depth) => lun(text, filter, expand, depth)]),
  ];
}
