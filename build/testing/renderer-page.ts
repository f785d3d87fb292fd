import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';
import { findBrowser } from '../node/browser/find-browser.ts';
import { projectRoot } from '../node/io/project-root.ts';

/**
 * The renderer's picture tests' page: build/testing/pages/`name`.page.ts (a module that imports from
 * build/render and puts its measuring functions on `exposed`, type-checked with the rest, so an import
 * that moves fails `npm run typecheck`) bundled by esbuild with the test's frame size and loaded into
 * a headless Chromium started for the test file (beforeAll) and closed after it (afterAll).
 * `call(name, …args)` runs one of those functions in the page and returns what it returns.
 */
export interface RendererPage {
  call<T>(fn: string, ...args: unknown[]): Promise<T>;
  page(): Page;
}

export interface PageSize {
  widthPx: number;
  heightPx: number;
}

export function rendererPage(name: string, size: PageSize): RendererPage {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`rendererPage: page name ${JSON.stringify(name)} is not lower-case words and dashes`);
  if (!(Number.isInteger(size.widthPx) && Number.isInteger(size.heightPx) && size.widthPx > 0 && size.heightPx > 0)) {
    throw new Error(`rendererPage: frame size ${JSON.stringify(size)} is not two positive integers`);
  }
  const entry = join(projectRoot(), 'build', 'testing', 'pages', `${name}.page.ts`);
  if (!existsSync(entry)) throw new Error(`rendererPage: no page build/testing/pages/${name}.page.ts`);
  let browser: Browser | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    const js = (
      await build({
        entryPoints: [entry],
        define: { __PAGE_SIZE__: JSON.stringify({ widthPx: size.widthPx, heightPx: size.heightPx }) },
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
