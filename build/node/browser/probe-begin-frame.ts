import type { CDPSession } from 'puppeteer-core';

/**
 * Does this browser make frames on request? Sends one HeadlessExperimental.beginFrame with a
 * screenshot and waits up to `timeoutMs`: a browser without the domain rejects at once; one that has
 * the domain but no begin-frame control on the target would hang, hence the timeout.
 */
export async function probeBeginFrame(cdp: CDPSession, timeoutMs = 5000): Promise<{ ok: boolean; why: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const r = await Promise.race([cdp.send('HeadlessExperimental.beginFrame', { screenshot: { format: 'png' } }), timeout]);
    return r.screenshotData ? { ok: true, why: 'beginFrame returned an image' } : { ok: false, why: 'beginFrame returned no image' };
  } catch (err) {
    return { ok: false, why: (err as Error).message.split('\n')[0] };
  } finally {
    clearTimeout(timer);
  }
}
