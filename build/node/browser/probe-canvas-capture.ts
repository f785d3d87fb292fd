import type { CDPSession } from 'puppeteer-core';
import type { FrameFormat } from '../../page/protocol.ts';
import { callPage } from './call-page.ts';

/**
 * Can this page hand over its canvas's own pixels as `format`? A canvas that cannot encode a type
 * answers toDataURL with a PNG instead, so the probe checks the type it got back. For i420 it reads a
 * small canvas through a VideoFrame as the frames are read (create-eye-page.ts), and checks a pixel.
 */
export async function probeCanvasCapture(cdp: CDPSession, format: FrameFormat): Promise<{ ok: boolean; why: string }> {
  try {
    if (format === 'i420') {
      const got = await callPage<number[]>(
        cdp,
        `(async () => { const c = document.createElement('canvas'); c.width = 16; c.height = 16; const x = c.getContext('2d'); x.fillStyle = 'rgb(10,200,30)'; x.fillRect(0, 0, 16, 16); const f = new VideoFrame(c, { timestamp: 0 }); const b = new Uint8Array(16 * 16 * 4); try { await f.copyTo(b, { format: 'RGBA' }); } finally { f.close(); } return [...b.subarray(0, 3)]; })()`,
        true,
      );
      return got.join(',') === '10,200,30' ? { ok: true, why: 'the page converts its canvas to the film\'s I420 itself' } : { ok: false, why: `the canvas read through a VideoFrame gave rgb(${got.join(',')}), not rgb(10,200,30)` };
    }
    const mime = `image/${format}`;
    const head = await callPage<string>(cdp, `(() => { const c = document.createElement('canvas'); c.width = 16; c.height = 16; return c.toDataURL(${JSON.stringify(mime)}).slice(0, 40); })()`);
    return head.startsWith(`data:${mime};base64,`) ? { ok: true, why: `the canvas encodes ${mime} itself` } : { ok: false, why: `the canvas cannot encode ${mime} (toDataURL gave ${head.split(';')[0]})` };
  } catch (err) {
    return { ok: false, why: (err as Error).message.split('\n')[0] };
  }
}
