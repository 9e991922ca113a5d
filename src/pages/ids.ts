/** How the platform cleans ids: no dependency, so the rules can use it without loading the page parser. */

const STRIPPED_PUNCTUATION = /[?,;:!'"()[\]{}]/g;
/** Emoji and the joiners and selectors between their parts, which ids leave out. */
export const EMOJI = /\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|\u200D|\uFE0E|\uFE0F/gu;

/**
 * An id as the page's DOM carries it: percent escapes decoded (a `%` that starts no escape stays),
 * then punctuation and emoji removed. An id that does not decode is kept as written.
 */
export function cleanHeadingId(id: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(id.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return id;
  }
  return decoded.replace(STRIPPED_PUNCTUATION, '').replace(EMOJI, '');
}
