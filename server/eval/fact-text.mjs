/**
 * How the eval finds a question's fact in an answer's line or a page's text (run.mjs,
 * fact-ceiling.mjs): markdown's escapes, links, emphasis and code marks and runs of space out,
 * lower case.
 */
export const normalise = (text) =>
  text
    .replace(/\\([$*_`[\]])/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*`]/g, '')
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .trim();
