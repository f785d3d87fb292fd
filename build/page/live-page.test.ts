import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserArgs } from '../node/browser-args.ts';
import { findBrowser } from '../node/find-browser.ts';
import { writeLivePage } from '../node/write-live-page.ts';

const tmp = mkdtempSync(join(tmpdir(), 'eye-live-'));
let browser: Browser;

beforeAll(async () => {
  const exe = findBrowser();
  browser = await puppeteer.launch({
    executablePath: exe.path,
    headless: exe.kind === 'headless-shell' ? 'shell' : true,
    pipe: true,
    args: browserArgs({ userDataDir: join(tmp, 'profile'), width: 800, height: 500, deterministic: false }),
    defaultViewport: { width: 800, height: 500 },
  });
});
afterAll(async () => {
  await browser?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('the standalone live page', () => {
  it('animates by itself, follows the real pointer, and loads nothing from the network', async () => {
    const file = await writeLivePage(join(tmp, 'live', 'index.html'));
    const page = await browser.newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => errors.push(String(e)));
    const url = `${pathToFileURL(file).href}?scene=2026-rest`;
    await page.goto(url, { waitUntil: 'load' });
    await page.mouse.move(400, 250);
    await new Promise((r) => setTimeout(r, 1200));
    const size = await page.evaluate(() => {
      const c = document.querySelector('canvas')!;
      return [c.width, c.height];
    });
    expect(errors).toEqual([]);
    expect(size).toEqual([800, 500]);
    const before = await page.screenshot({ encoding: 'base64' });
    // Far to the right and up: the eye turns to follow it.
    await page.mouse.move(790, 20, { steps: 8 });
    await new Promise((r) => setTimeout(r, 1200));
    const after = await page.screenshot({ encoding: 'base64' });
    expect(after).not.toBe(before);
    expect(errors).toEqual([]);
    expect(requests).toEqual([url]);
  });
});
