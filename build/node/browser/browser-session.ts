import { launchEyeBrowser, type EyeBrowser, type EyeBrowserOptions } from './launch-eye-browser.ts';
import { onInterrupt } from '../io/interrupt.ts';

/** One browser for a run of scenes, launched on first use and relaunched after a crash. */
export interface BrowserSession {
  get(): Promise<EyeBrowser>;
  /** Throw the current browser away (it crashed); the next `get` launches a fresh one. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export function createBrowserSession(o: EyeBrowserOptions): BrowserSession {
  let current: Promise<EyeBrowser> | null = null;
  let unregister: (() => void) | null = null;
  const drop = async () => {
    const was = current;
    current = null;
    unregister?.();
    unregister = null;
    if (was) await (await was.catch(() => null))?.close();
  };
  return {
    get() {
      if (!current) {
        current = launchEyeBrowser(o);
        current.then(
          (b) => {
            unregister = onInterrupt(() => b.killNow());
          },
          () => {
            current = null;
          },
        );
      }
      return current;
    },
    restart: drop,
    close: drop,
  };
}
