/** Small helpers for the wording of messages. */

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
