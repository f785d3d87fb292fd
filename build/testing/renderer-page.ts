import { build } from 'esbuild';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';
import { findBrowser } from '../node/browser/find-browser.ts';
import { projectRoot } from '../node/io/project-root.ts';

/**
 * The renderer's picture tests' page: `entry` (TypeScript that imports from build/render and puts its
 * measuring functions on `window`) bundled by esbuild and loaded into a headless Chromium started for
 * the test file (beforeAll) and closed after it (afterAll). `call(name, …args)` runs one of those
 * functions in the page and returns what it returns.
 */
export interface RendererPage {
  call<T>(fn: string, ...args: unknown[]): Promise<T>;
  page(): Page;
}

export function rendererPage(entry: string): RendererPage {
  let browser: Browser | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    const js = (
      await build({
        stdin: { contents: entry, resolveDir: join(projectRoot(), 'build', 'render'), loader: 'ts' },
        bundle: true,
        write: false,
        format: 'iife',
        platform: 'browser',
        target: 'chrome110',
        logLevel: 'silent',
      })
    ).outputFiles[0].text;
    const exe = findBrowser();
    browser = await puppeteer.launch({
      executablePath: exe.path,
      headless: exe.kind === 'headless-shell' ? 'shell' : true,
      args: ['--no-sandbox', '--disable-gpu', '--force-color-profile=srgb'],
    });
    page = await browser.newPage();
    await page.setContent(`<html><body><script>${js}</script></body></html>`);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  const live = (): Page => {
    if (!page) throw new Error('rendererPage: the page is not loaded (call it from a test, after beforeAll)');
    return page;
  };
  return {
    call: <T>(fn: string, ...args: unknown[]): Promise<T> =>
      live().evaluate((name, a) => (window as unknown as Record<string, (...x: unknown[]) => T>)[name](...a), fn, args),
    page: live,
  };
}
