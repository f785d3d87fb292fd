import { PAGE_MODE_ATTRIBUTE, type PageMode } from '../../page/protocol.ts';

/**
 * The whole page as one HTML string: the bundle inline, nothing fetched from the network. The live
 * page also carries the raw scene files (by name) so `?scene=` can pick one without a server.
 */
export function pageHtml(script: string, mode: PageMode, scenes: Record<string, unknown> = {}): string {
  const scenesJs = mode === 'live' ? `window.__EYE_SCENES=${inlineJson(scenes)};` : '';
  return [
    '<!doctype html>',
    `<html ${PAGE_MODE_ATTRIBUTE}="${mode}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<title>calm eye</title>',
    '<style>html,body{margin:0;padding:0;overflow:hidden;background:#000}canvas{display:block}</style>',
    '</head><body>',
    `<script>${scenesJs}${inlineScript(script)}</script>`,
    '</body></html>',
  ].join('\n');
}

/** Keep `</script` inside the script from closing the tag. */
function inlineScript(js: string): string {
  return js.replace(/<\/(script)/gi, '<\\/$1');
}

function inlineJson(v: unknown): string {
  return JSON.stringify(v).replace(/</g, '\\u003c');
}
