/**
 * Text made safe inside HTML elements and double-quoted attributes (scene names and notes come from
 * files). Whatever a file held in its place (a number, an object) is made text first, never passed on.
 */
export function escapeHtml(text: string): string {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
