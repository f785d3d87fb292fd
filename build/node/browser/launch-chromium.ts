import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { browserArgs } from '../../core/browser/browser-args.ts';
import type { BrowserExecutable } from './find-browser.ts';
import { ownedPrefix, PROFILE_TEMP, sweepOwned } from '../io/owned-temp.ts';

/**
 * The project's one way to start Chromium: the profiles of browsers whose eye was killed (-9 leaves no
 * chance to clean up) are swept first, a pid-tagged profile is made, and the browser is launched over
 * a pipe with the project's flags and without puppeteer's signal handlers (the CLI handles Ctrl-C
 * itself: kill children, remove temp files, exit 130). A failed launch removes its profile and rethrows.
 */
export async function launchChromium(o: {
  executable: BrowserExecutable;
  width: number;
  height: number;
  deterministic: boolean;
  /** puppeteer's default viewport (null: the window's own size). */
  viewport: { width: number; height: number } | null;
  protocolTimeoutMs?: number;
  /** The one port on 127.0.0.1 the page may reach (the render's frame server; browser-args.ts). */
  framePort?: number | null;
}): Promise<{ browser: Browser; userDataDir: string }> {
  sweepOwned(tmpdir(), PROFILE_TEMP);
  const userDataDir = mkdtempSync(join(tmpdir(), ownedPrefix('eye-chrome-')));
  try {
    // Loaded here, not at the top: a run that restores every film starts no browser, and
    // puppeteer-core's ~170 modules cost each process 0.15-0.6 s to load.
    const { default: puppeteer } = await import('puppeteer-core');
    const browser = await puppeteer.launch({
      executablePath: o.executable.path,
      headless: o.executable.kind === 'headless-shell' ? 'shell' : true,
      pipe: true,
      args: browserArgs({ userDataDir, width: o.width, height: o.height, deterministic: o.deterministic, framePort: o.framePort }),
      defaultViewport: o.viewport,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      ...(o.protocolTimeoutMs === undefined ? {} : { protocolTimeout: o.protocolTimeoutMs }),
      timeout: 30_000,
    });
    return { browser, userDataDir };
  } catch (err) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw err;
  }
}
