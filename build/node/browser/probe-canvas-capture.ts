import type { CDPSession } from 'puppeteer-core';
import type { ImageFormat } from '../../page/protocol.ts';
import { callPage } from './call-page.ts';

/**
 * Can this page hand over its canvas's own pixels as `format`? A canvas that cannot encode a type
 * answers toDataURL with a PNG instead, so the probe checks the type it got back.
 */
export async function probeCanvasCapture(cdp: CDPSession, format: ImageFormat): Promise<{ ok: boolean; why: string }> {
  const mime = `image/${format}`;
  try {
    const head = await callPage<string>(cdp, `(() => { const c = document.createElement('canvas'); c.width = 16; c.height = 16; return c.toDataURL(${JSON.stringify(mime)}).slice(0, 40); })()`);
    return head.startsWith(`data:${mime};base64,`) ? { ok: true, why: `the canvas encodes ${mime} itself` } : { ok: false, why: `the canvas cannot encode ${mime} (toDataURL gave ${head.split(';')[0]})` };
  } catch (err) {
    return { ok: false, why: (err as Error).message.split('\n')[0] };
  }
}
