import type { CDPSession } from 'puppeteer-core';
import { PageError } from '../../core/browser/page-error.ts';

/**
 * Evaluate one expression in the page (straight over CDP: one round trip, no wrapper). Values come back
 * as JSON text so numbers cross exactly; an exception in the page becomes a PageError with its first line.
 */
export async function callPage<T>(cdp: CDPSession, expression: string, awaitPromise = false): Promise<T> {
  const r = await cdp.send('Runtime.evaluate', {
    expression: awaitPromise ? `(async () => JSON.stringify(await (${expression})))()` : `JSON.stringify(${expression})`,
    awaitPromise,
    returnByValue: true,
  });
  if (r.exceptionDetails) {
    const d = r.exceptionDetails;
    const text = d.exception?.description ?? d.exception?.value ?? d.text;
    throw new PageError(String(text).split('\n')[0]);
  }
  const json = r.result.value as string | undefined;
  return (json === undefined ? undefined : JSON.parse(json)) as T;
}
