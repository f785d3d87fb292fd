import type { CDPSession } from 'puppeteer-core';
import { callPage } from './call-page.ts';
import { PageError } from '../../core/browser/page-error.ts';

/** Step the page to frame n and draw it; one round trip (step, then ask whether the frame is drawn). */
export async function stepPage(cdp: CDPSession, frame: number): Promise<void> {
  const drawn = await callPage<boolean>(cdp, `(window.__eye.goToFrame(${frame}), window.__eye.ready())`);
  if (!drawn) throw new PageError(`frame ${frame} was not drawn`);
}
