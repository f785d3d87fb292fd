import { BrowserCrashError } from './page-error.ts';

/**
 * The one place a browser's death is announced. Each call in flight subscribes and unsubscribes when
 * it settles; nothing long-lived is raced against. (One never-settling `crashed` promise raced by
 * every call kept every call's result: each race leaves a reaction on it holding its result, so a
 * session held every frame it ever captured, and Node grew to 6.9 GB over a whole `./make.sh`.)
 */
export interface CrashWatch {
  /** The browser died: tell every subscriber (once), and anyone who subscribes later. */
  crashed(err: BrowserCrashError): void;
  /** Call `listener` when the browser dies (at once if it already has); returns the unsubscribe. */
  onCrash(listener: (err: BrowserCrashError) => void): () => void;
  /** Subscribers now (a test's window on leaks). */
  readonly listening: number;
}

export function createCrashWatch(): CrashWatch {
  let crash: BrowserCrashError | null = null;
  const listeners = new Set<(err: BrowserCrashError) => void>();
  return {
    crashed(err) {
      crash ??= err;
      for (const l of listeners) l(crash);
      listeners.clear();
    },
    onCrash(listener) {
      if (crash) {
        listener(crash);
        return () => undefined;
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get listening() {
      return listeners.size;
    },
  };
}

/** Race `work` against the browser's death, holding the subscription only while `work` runs. */
export async function raceCrash<T>(watch: Pick<CrashWatch, 'onCrash'>, work: Promise<T>): Promise<T> {
  let unsubscribe = () => {};
  const crashed = new Promise<never>((_, reject) => {
    unsubscribe = watch.onCrash(reject);
  });
  try {
    return await Promise.race([work, crashed]);
  } finally {
    unsubscribe();
  }
}
