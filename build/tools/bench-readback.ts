// What reading the eye page's canvas back costs, per way of reading it (issue 20; docs/speed-capture.md):
// `npx tsx build/tools/bench-readback.ts [--scene 1970-script] [--size 1280x720] [--frames 60] [--rounds 3]`
// In one render browser, each way steps the scene's frames 1…n in one page call, reading each frame after
// it is drawn: `draw` a one-pixel getImageData (the drawing alone, as eye bench times it); `getImageData`
// the whole canvas; `videoFrame` the whole canvas as a WebCodecs VideoFrame copied into one reused RGBA
// buffer; `jpeg` the render's own toDataURL (q95, encode included). CPU is the whole browser tree's
// (/proc), the median of the rounds, the ways alternating within each round; then the three frames
// checked byte for byte, VideoFrame against getImageData.
import { findBrowser } from '../node/browser/find-browser.ts';
import { launchEyeBrowser } from '../node/browser/launch-eye-browser.ts';
import { JPEG_QUALITY } from '../node/browser/capture-frame.ts';
import { treeCpuMs } from '../jobs/bench/node/tree-cpu-ms.ts';
import { loadScene } from '../node/io/load-scene.ts';
import { withSettings } from '../scene/parse.ts';
import { median } from '../measure/signal.ts';
import { toolArgs } from './tool-args.ts';

const { opt, fail, int, size } = toolArgs('bench-readback');
const [width, height] = size('size', '1280x720');
const frames = int('frames', 60, 10, 600);
const rounds = int('rounds', 3, 1, 9);
const base = loadScene(opt('scene', '1970-script'));
const scene = withSettings(base, { width, height, durationS: (frames + 1) / base.fps });

type Way = 'draw' | 'getImageData' | 'videoFrame' | 'jpeg';
const WAYS: Way[] = ['draw', 'getImageData', 'videoFrame', 'jpeg'];
/** The page loop for a way: frames 1…n, each read after it is drawn; returns a number so nothing is optimised away. */
function loop(way: Way, n: number): string {
  const read: Record<Way, string> = {
    draw: 'k += x.getImageData(0, 0, 1, 1).data[0];',
    getImageData: 'k += x.getImageData(0, 0, c.width, c.height).data[7];',
    videoFrame: "{ const v = new VideoFrame(c, { timestamp: f }); await v.copyTo(buf, { format: 'RGBA' }); v.close(); k += buf[7]; }",
    jpeg: `k += window.__eye.image('jpeg', ${JPEG_QUALITY / 100}).length;`,
  };
  return `(async () => { const c = document.querySelector('canvas'); const x = c.getContext('2d'); const buf = new Uint8Array(c.width * c.height * 4); let k = 0; for (let f = 1; f <= ${n}; f++) { window.__eye.goToFrame(f); ${read[way]} } return k; })()`;
}

const browser = await launchEyeBrowser({ executable: findBrowser(), capture: 'canvas', format: 'jpeg', width, height });
try {
  // Warm: the page's code compiled, the size's layers painted, every way run once.
  for (const way of WAYS) {
    await browser.load(scene, 'color');
    await browser.runInPage(loop(way, frames));
  }
  const cpu: Record<Way, number[]> = { draw: [], getImageData: [], videoFrame: [], jpeg: [] };
  for (let r = 0; r < rounds; r++) {
    for (const way of r % 2 === 0 ? WAYS : [...WAYS].reverse()) {
      await browser.load(scene, 'color');
      const before = treeCpuMs();
      await browser.runInPage(loop(way, frames));
      const after = treeCpuMs();
      if (before === null || after === null) fail('no /proc: CPU cannot be read here');
      cpu[way].push((after! - before!) / frames);
    }
  }
  const draw = median(Float64Array.from(cpu.draw));
  console.log(`${width}x${height}, ${frames} frames of ${base.name}, CPU ms a frame over the browser and Node, the median of ${rounds} rounds`);
  console.log('way             CPU ms  beyond the drawing  rounds');
  for (const way of WAYS) {
    const m = median(Float64Array.from(cpu[way]));
    console.log(`${way.padEnd(14)}  ${m.toFixed(1).padStart(6)}  ${(way === 'draw' ? '' : (m - draw).toFixed(1)).padStart(18)}  ${cpu[way].map((v) => v.toFixed(1)).join(', ')}`);
  }
  // The same bytes? Three frames, each read both ways.
  await browser.load(scene, 'color');
  const check = await browser.runInPage(`(async () => {
    const c = document.querySelector('canvas'); const x = c.getContext('2d'); const buf = new Uint8Array(c.width * c.height * 4); const out = [];
    for (let f = 1; f <= ${frames}; f++) {
      window.__eye.goToFrame(f);
      if (f % ${Math.max(1, Math.floor(frames / 3))} !== 0) continue;
      const d = x.getImageData(0, 0, c.width, c.height).data;
      const v = new VideoFrame(c, { timestamp: f }); await v.copyTo(buf, { format: 'RGBA' }); v.close();
      let differ = 0; for (let i = 0; i < d.length; i++) if (d[i] !== buf[i]) differ++;
      out.push('frame ' + f + ': ' + differ + ' of ' + d.length + ' bytes differ');
    }
    return out.join('; ');
  })()`);
  console.log(`VideoFrame against getImageData: ${String(check)}`);
} finally {
  await browser.close();
}
process.exit(0);
