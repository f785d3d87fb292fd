import type { CDPSession } from 'puppeteer-core';
import { PageError } from '../../core/browser/page-error.ts';

/**
 * Evaluate one expression whose value is a string (a frame's base64 image) and return it as it came:
 * CDP carries a string by value exactly, so it is not wrapped in JSON.stringify in the page and
 * parsed again in Node as callPage does (two more copies of a few hundred kB a frame). Anything but a
 * string is a PageError, as an exception in the page is. With `awaitPromise` the expression may be a
 * promise of the string (a frame read through a VideoFrame).
 */
export async function callPageString(cdp: CDPSession, expression: string, awaitPromise = false): Promise<string> {
  const r = await cdp.send('Runtime.evaluate', { expression, awaitPromise, returnByValue: true });
  if (r.exceptionDetails) {
    const d = r.exceptionDetails;
    const text = d.exception?.description ?? d.exception?.value ?? d.text;
    throw new PageError(String(text).split('\n')[0]);
  }
  if (typeof r.result.value !== 'string') throw new PageError(`expected a string from the page, got ${r.result.type}`);
  return r.result.value;
}
