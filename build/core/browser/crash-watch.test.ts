import { describe, expect, it } from 'vitest';
import { createCrashWatch, raceCrash } from './crash-watch.ts';
import { BrowserCrashError } from './page-error.ts';

describe('crash watch', () => {
  it('holds no subscription once a call has settled, however many calls ran (a session keeps no frame)', async () => {
    const watch = createCrashWatch();
    for (let i = 0; i < 1000; i++) expect(await raceCrash(watch, Promise.resolve({ frame: i }))).toEqual({ frame: i });
    await raceCrash(watch, Promise.reject(new Error('page threw'))).catch(() => undefined);
    expect(watch.listening).toBe(0);
  });

  it('fails a call in flight the moment the browser dies, and every later call at once', async () => {
    const watch = createCrashWatch();
    const inFlight = raceCrash(watch, new Promise(() => undefined));
    expect(watch.listening).toBe(1);
    watch.crashed(new BrowserCrashError('the browser disconnected'));
    await expect(inFlight).rejects.toThrow('the browser disconnected');
    await expect(raceCrash(watch, new Promise(() => undefined))).rejects.toBeInstanceOf(BrowserCrashError);
    expect(watch.listening).toBe(0);
  });
});
