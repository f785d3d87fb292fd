import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createI420Converter, FILM_CHROMA_KERNEL } from '../../core/video/i420.ts';
import { withSettings } from '../../scene/parse.ts';
import { bundlePage } from './bundle-page.ts';
import type { CaptureMethod, FrameFormat } from './capture-frame.ts';
import { findBrowser } from './find-browser.ts';
import { launchEyeBrowser, type EyeBrowser } from './launch-eye-browser.ts';
import { loadScene } from '../io/load-scene.ts';

/** The canvas path hands over the very pixels the compositor paths would: the page is one opaque canvas. */
const scene = withSettings(loadScene('2026-script'), { durationS: 1, width: 640, height: 360 });
const FRAMES = 8;
let browser: EyeBrowser;
const hash = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function capture(method: CaptureMethod, format: FrameFormat): Promise<Buffer[]> {
  browser.setCapture(method, format);
  await browser.load(scene, 'color');
  const out: Buffer[] = [];
  for (let f = 0; f < FRAMES; f++) out.push(await browser.frame(f));
  return out;
}
const pixels = async (png: Buffer) => (await sharp(png).removeAlpha().raw().toBuffer()).toString('base64');

beforeAll(async () => {
  await bundlePage();
  browser = await launchEyeBrowser({ executable: findBrowser(), capture: 'auto', format: 'jpeg', width: 640, height: 360 });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('capture paths', () => {
  it('the probe picks the canvas path first, under --deterministic-mode', () => {
    expect(browser.method).toBe('canvas');
    expect(browser.deterministic).toBe(true);
    expect(browser.probe).toMatch(/canvas encodes image\/jpeg/);
  });

  it('canvas JPEG frames are byte-identical to beginFrame JPEG frames (same Chromium encoder, same pixels)', async () => {
    const canvas = await capture('canvas', 'jpeg');
    const begin = await capture('beginFrame', 'jpeg');
    expect(canvas.map(hash)).toEqual(begin.map(hash));
    // Not trivially so: the eye moves, and frames differ from one another.
    expect(new Set(canvas.map(hash)).size).toBeGreaterThan(1);
    expect(canvas.slice(1).map(hash)).not.toEqual(begin.slice(0, -1).map(hash));
  }, 60_000);

  it('canvas PNG frames hold the same pixels as beginFrame PNG frames (the mask pass travels as PNG)', async () => {
    const canvas = await Promise.all((await capture('canvas', 'png')).map(pixels));
    const begin = await Promise.all((await capture('beginFrame', 'png')).map(pixels));
    expect(canvas).toEqual(begin);
  }, 60_000);

  it('canvas frames POSTed as bytes (the probe picks POST) are byte-identical to the same frames as base64 over CDP', async () => {
    expect(browser.carrier).toBe('post');
    expect(browser.probe).toMatch(/POSTed to 127\.0\.0\.1 as bytes/);
    const posted = await capture('canvas', 'jpeg');
    const viaCdp = await launchEyeBrowser({ executable: findBrowser(), capture: 'auto', format: 'jpeg', width: 640, height: 360, carrier: 'cdp' });
    try {
      expect(viaCdp.carrier).toBe('cdp');
      await viaCdp.load(scene, 'color');
      const carried: Buffer[] = [];
      for (let f = 0; f < FRAMES; f++) carried.push(await viaCdp.frame(f));
      expect(posted.map(hash)).toEqual(carried.map(hash));
      expect(new Set(posted.map(hash)).size).toBeGreaterThan(1);
    } finally {
      await viaCdp.close();
    }
  }, 60_000);

  it('a screenshots-only browser refuses the canvas path', async () => {
    const plain = await launchEyeBrowser({ executable: findBrowser(), capture: 'screenshot', format: 'jpeg', width: 640, height: 360 });
    try {
      expect(() => plain.setCapture('canvas', 'jpeg')).toThrow(/launched for screenshots only/);
    } finally {
      await plain.close();
    }
  }, 60_000);

  it('canvas i420 frames are byte for byte the film\'s conversion of the same frames\' PNG pixels, POSTed or carried over CDP alike', async () => {
    const png = await capture('canvas', 'png');
    const posted = await capture('canvas', 'i420');
    const convert = createI420Converter(640, 360, FILM_CHROMA_KERNEL);
    for (let f = 0; f < FRAMES; f++) {
      const { data } = await sharp(png[f]).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const want = new Uint8Array(convert.bytes);
      convert.convert(data, want);
      expect(posted[f].length).toBe(convert.bytes);
      expect(hash(posted[f])).toBe(hash(Buffer.from(want)));
    }
    expect(new Set(posted.map(hash)).size).toBeGreaterThan(1);
    const viaCdp = await launchEyeBrowser({ executable: findBrowser(), capture: 'auto', format: 'i420', width: 640, height: 360, carrier: 'cdp' });
    try {
      expect([viaCdp.method, viaCdp.format, viaCdp.carrier]).toEqual(['canvas', 'i420', 'cdp']);
      expect(viaCdp.probe).toMatch(/converts its canvas to the film's I420/);
      await viaCdp.load(scene, 'color');
      const carried: Buffer[] = [];
      for (let f = 0; f < FRAMES; f++) carried.push(await viaCdp.frame(f));
      expect(carried.map(hash)).toEqual(posted.map(hash));
    } finally {
      await viaCdp.close();
    }
  }, 60_000);

  it('the compositor paths make images only: they refuse i420, and a screenshots browser asked for it sends JPEG and says so', async () => {
    expect(() => browser.setCapture('beginFrame', 'i420')).toThrow(/compositor makes images only/);
    const plain = await launchEyeBrowser({ executable: findBrowser(), capture: 'screenshot', format: 'i420', width: 640, height: 360 });
    try {
      expect([plain.method, plain.format]).toEqual(['screenshot', 'jpeg']);
      expect(plain.probe).toMatch(/frames go as jpeg, not i420/);
      await plain.load(scene, 'color');
      expect((await plain.frame(0)).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    } finally {
      await plain.close();
    }
  }, 60_000);

  // A POSTed I420 frame travels as what changed since the one before (core/video/i420-delta.ts) and Node
  // rebuilds it in the order the frames were asked for, whichever body arrives first; a new load starts
  // whole again. Three frames in flight at once, twice over one page, give the frames asked for one by one.
  it('i420 frames POSTed as changes and asked for three at a time are rebuilt as the frames asked for one by one', async () => {
    const sequential = await capture('canvas', 'i420');
    for (let round = 0; round < 2; round++) {
      await browser.load(scene, 'color');
      const got: Buffer[] = [];
      for (let f = 0; f < FRAMES; f += 3) {
        const batch = [f, f + 1, f + 2].filter((k) => k < FRAMES).map((k) => browser.frameImage(k));
        for (const image of await Promise.all(batch)) got.push(image as Buffer);
      }
      expect(got.map(hash)).toEqual(sequential.map(hash));
    }
  }, 60_000);

  it('a page that POSTs a packet which cannot make its frame fails the frame, naming why', async () => {
    browser.setCapture('canvas', 'i420');
    await browser.load(scene, 'color');
    await browser.frameImage(0);
    // A hostile or broken page: its own bytes where the frame's changes should be.
    await browser.runInPage(`(() => { const real = window.__eye.post; window.__eye.post = (url) => fetch(url, { method: 'POST', mode: 'no-cors', body: new Blob([new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20])]) }).then(() => 20); window.__realPost = real; })()`);
    try {
      await expect(browser.frameImage(1)).rejects.toThrow(/frame 1's image: a frame's packet does not start with the delta's mark/);
    } finally {
      await browser.runInPage('(() => { window.__eye.post = window.__realPost; })()');
    }
  }, 60_000);

  // The render keeps two frames in flight: frame n+1's goToFrame can run while frame n's read through
  // a VideoFrame is still pending. Each read must still hold its own frame (the VideoFrame snapshots
  // the canvas when it is made; the copy and conversion share one pair of buffers).
  it('two i420 reads in flight each hold their own frame', async () => {
    const sequential = await capture('canvas', 'i420');
    await browser.load(scene, 'color');
    const both = (await browser.runInPage(
      `(() => { window.__eye.goToFrame(3); const a = window.__eye.i420(); window.__eye.goToFrame(4); const b = window.__eye.i420(); window.__eye.goToFrame(5); const c = window.__eye.i420(); return Promise.all([a, b, c]); })()`,
    )) as string[];
    expect(both.map((b) => hash(Buffer.from(b, 'base64')))).toEqual(sequential.slice(3, 6).map(hash));
  }, 60_000);
});
