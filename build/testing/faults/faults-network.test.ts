import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserArgs, isNetworkRefusalArg } from '../../core/browser/browser-args.ts';
import { RefusedRequestError } from '../../core/browser/page-error.ts';
import { findBrowser } from '../../node/browser/find-browser.ts';
import { launchEyeBrowser } from '../../node/browser/launch-eye-browser.ts';
import { loadReport } from '../../jobs/report/node/load-report.ts';
import { tempDir } from '../temp-dir.ts';
import { hostilePage, hostileScript } from './hostile-page.ts';
import { listenOnLoopback, type NetworkListener } from './network-listener.ts';

/** Long enough for every try to have reached the listener in the control (EventSource retries, ICE gathers). */
const SETTLE_MS = 1500;
const settle = () => new Promise((r) => setTimeout(r, SETTLE_MS));

describe('fault: no request of any kind leaves a page (a listener on 127.0.0.1 records every attempt)', () => {
  let net: NetworkListener;
  beforeAll(async () => {
    net = await listenOnLoopback();
  });
  afterAll(() => net.close());

  it('control: the hostile page does reach the listener from a browser without the refusal flags (TCP and WebRTC UDP)', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'eye-faults-net-'));
    const exe = findBrowser();
    const args = browserArgs({ userDataDir: profile, width: 64, height: 36, deterministic: false }).filter((f) => !isNetworkRefusalArg(f));
    const browser = await puppeteer.launch({ executablePath: exe.path, headless: exe.kind === 'headless-shell' ? 'shell' : true, pipe: true, args });
    try {
      const page = (await browser.pages())[0];
      await page.setContent('<!doctype html><html><head></head><body></body></html>');
      await page.evaluate(hostileScript(net.tcpPort, net.udpPort));
      await settle();
    } finally {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    }
    const seen = net.seen.splice(0);
    for (const path of ['/fetch', '/img', '/websocket ', '/websocket-localhost', '/eventsource', '/beacon', '/prefetch', '/preload', '/worker', '/iframe', '/popup']) {
      expect(seen.some((s) => s.includes(` ${path}`)), path).toBe(true);
    }
    expect(seen.some((s) => s.startsWith('udp'))).toBe(true);
  });

  it("the render's eye page: every way is stopped before it connects, and the call fails as a refused request", async () => {
    const eye = await launchEyeBrowser({ executable: findBrowser(), capture: 'auto', format: 'jpeg', width: 64, height: 36 });
    try {
      const err = await eye.runInPage(hostileScript(net.tcpPort, net.udpPort)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RefusedRequestError);
      await settle();
    } finally {
      await eye.close();
    }
    expect(net.seen.splice(0)).toEqual([]);
  });

  it('the flags with a hole for another port (a frame server\'s) still stop every way to the listener', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'eye-faults-net-'));
    const exe = findBrowser();
    const elsewhere = await listenOnLoopback(); // the hole's port: a live listener, so the hole is real
    const args = browserArgs({ userDataDir: profile, width: 64, height: 36, deterministic: false, framePort: elsewhere.tcpPort });
    const browser = await puppeteer.launch({ executablePath: exe.path, headless: exe.kind === 'headless-shell' ? 'shell' : true, pipe: true, args });
    try {
      const page = (await browser.pages())[0];
      await page.setContent('<!doctype html><html><head></head><body></body></html>');
      await page.evaluate(hostileScript(net.tcpPort, net.udpPort));
      await page.evaluate(`fetch('http://127.0.0.1:${elsewhere.tcpPort}/through-the-hole', { method: 'POST', mode: 'no-cors', body: 'x' }).catch(() => 0)`);
      await settle();
    } finally {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
      await elsewhere.close();
    }
    expect(net.seen.splice(0)).toEqual([]);
    // The hole is open, to that port alone (without this the flags could be refusing everything for another reason).
    expect(elsewhere.seen.some((s) => s.includes(' /through-the-hole'))).toBe(true);
  });

  it("the render's eye page aimed at its own frame server: every way is refused there, and a guessed token too", async () => {
    const eye = await launchEyeBrowser({ executable: findBrowser(), capture: 'auto', format: 'jpeg', width: 64, height: 36 });
    try {
      expect(eye.carrier).toBe('post');
      const err = await eye.runInPage(hostileScript(eye.framePort, net.udpPort)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RefusedRequestError);
      // The first request recorded names the failure: one aimed at the server, or (under load, ~1 run in
      // 5) the worker's blob script, which the page asked for before the server refused anything.
      expect((err as RefusedRequestError).url).toMatch(new RegExp(`127\\.0\\.0\\.1:${eye.framePort}/|^blob:`));
      // A guessed token and a frame nobody awaits are refused too.
      const guess = await eye.runInPage(`fetch('http://127.0.0.1:${eye.framePort}/${'0'.repeat(32)}/1', { method: 'POST', mode: 'no-cors', body: 'x' }).then(() => 1)`).catch((e: unknown) => e);
      expect(guess).toBeInstanceOf(RefusedRequestError);
      await settle();
    } finally {
      await eye.close();
    }
    expect(net.seen.splice(0)).toEqual([]);
  });

  it("the render's eye page: a WebSocket alone is refused, named (it never reaches CDP's Fetch), and never connects", async () => {
    const eye = await launchEyeBrowser({ executable: findBrowser(), capture: 'auto', format: 'jpeg', width: 64, height: 36 });
    try {
      const url = `ws://127.0.0.1:${net.tcpPort}/alone`;
      const err = await eye.runInPage(`new Promise((done) => { const w = new WebSocket('${url}'); w.onerror = w.onclose = () => done('closed'); })`).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RefusedRequestError);
      expect((err as RefusedRequestError).url).toBe(url);
      await settle();
    } finally {
      await eye.close();
    }
    expect(net.seen.splice(0)).toEqual([]);
  });

  it("the report's load test: the hostile page from disk reaches nothing, and the load test sees it (a WebSocket counted as a request)", async () => {
    const dir = tempDir('eye-faults-net-report-');
    const file = join(dir, 'index.html');
    writeFileSync(file, hostilePage(net.tcpPort, net.udpPort));
    const l = await loadReport(file, join(dir, 'shot.png'), findBrowser());
    await settle();
    expect(net.seen.splice(0)).toEqual([]);
    expect(l.requests).toContain(`ws://127.0.0.1:${net.tcpPort}/websocket`);
    expect(l.requests.some((u) => u.includes('/eventsource'))).toBe(true);
    expect(l.scripts).toContain(`script compiled from ${pathToFileURL(file).href}`);
  });
});
