import { CliError, EXIT } from '../../errors/exit.ts';
import { findOnPath, isExecutable } from './find-executable.ts';

export interface BrowserExecutable {
  path: string;
  /** `headless-shell` has HeadlessExperimental.beginFrame; other Chromes usually do not (the probe decides). */
  kind: 'headless-shell' | 'chromium' | 'custom';
}

const INSTALL_HINT = 'install chromium-headless-shell (Debian: apt-get install chromium-headless-shell), or set PUPPETEER_EXECUTABLE_PATH to a Chrome or Chromium';

/**
 * The browser to drive: PUPPETEER_EXECUTABLE_PATH if set (it must exist), else Debian's
 * chromium-headless-shell, else chromium. Missing: an environment error (exit 3) saying what to install.
 */
export function findBrowser(env: NodeJS.ProcessEnv = process.env): BrowserExecutable {
  const override = env.PUPPETEER_EXECUTABLE_PATH;
  if (override) {
    if (!isExecutable(override)) {
      throw new CliError(EXIT.environment, `no browser at PUPPETEER_EXECUTABLE_PATH=${override}: ${INSTALL_HINT}`);
    }
    return { path: override, kind: /headless[-_]shell/.test(override) ? 'headless-shell' : 'custom' };
  }
  const shell = findOnPath(['chromium-headless-shell'], env.PATH);
  if (shell) return { path: shell, kind: 'headless-shell' };
  const chromium = findOnPath(['chromium', 'chromium-browser'], env.PATH);
  if (chromium) return { path: chromium, kind: 'chromium' };
  throw new CliError(EXIT.environment, `no browser found: ${INSTALL_HINT}`);
}
