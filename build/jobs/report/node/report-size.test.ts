import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS } from '../../../measure/params.ts';
import { simulate } from '../../../model/player.ts';
import { withSettings } from '../../../scene/parse.ts';
import { traceJson } from '../../render/core/trace-json.ts';
import { REPORT_BUDGET, reportByteBudget } from '../../../report/proof/report-budget.ts';
import { tempDir } from '../../../testing/temp-dir.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { reportPasses, runReport } from './run-report.ts';

const FILMS = 3;

/** A picture that compresses like a rendered frame, not like a flat fill: gradients, an iris, fine turbulence. */
async function framePng(width: number, height: number, seed: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><radialGradient id="g"><stop offset="0" stop-color="#2a1a10"/><stop offset="0.5" stop-color="#6a4a30"/><stop offset="1" stop-color="#e8d8c8"/></radialGradient>
<filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.04" numOctaves="3" seed="${seed}"/><feColorMatrix type="saturate" values="0.2"/><feComponentTransfer><feFuncA type="linear" slope="0.25"/></feComponentTransfer></filter></defs>
<rect width="100%" height="100%" fill="#c9a48a"/><ellipse cx="${width / 2}" cy="${height / 2}" rx="${width / 4}" ry="${height / 4}" fill="url(#g)"/><rect width="100%" height="100%" filter="url(#n)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A proof of FILMS 20-s films as eye render leaves them: a full trace, the pixel proof, four stills, a blink strip and a contact sheet at the sizes eye render writes. */
async function realSizedProof(): Promise<{ proof: string; pngBytes: number }> {
  const proof = tempDir('eye-report-size-');
  const scene = withSettings(loadScene('1970-script'), { durationS: 20 });
  const trace = simulate(scene);
  const columns = Object.fromEntries(Object.entries(trace.columns).map(([k, v]) => [k, Array.from(v)]));
  const frames = Array.from({ length: 600 }, (_, i) => i);
  const at = (name: string, i: number) => columns[name][Math.floor((i * 240) / 30)];
  const pixels = { columns: { tMs: frames.map((i) => (i * 1000) / 30), modelTMs: frames.map((i) => Math.floor((i * 240) / 30) * (1000 / 240)), apertureMm: frames.map((i) => at('apertureMm', i) + 0.02), yawDeg: frames.map((i) => at('yawDeg', i) + 0.05) } };
  const pngs: Record<string, Buffer> = {
    'mid-saccade.png': await framePng(1280, 720, 1),
    'up-gaze.png': await framePng(1280, 720, 2),
    'down-gaze.png': await framePng(1280, 720, 3),
    'brow-highest.png': await framePng(1280, 720, 4),
    'first-blink.png': await framePng(2984, 400, 5),
    'sheet.png': await framePng(1976, 874, 6),
  };
  let pngBytes = 0;
  for (let f = 0; f < FILMS; f++) {
    const dir = join(proof, `1970-script-${f}`);
    mkdirSync(join(dir, 'stills'), { recursive: true });
    writeFileSync(join(dir, 'trace.json'), traceJson(scene, [{ columns: columns as never, events: trace.events }]));
    const agreement = { saccades: { model: 27, pixel: 27, tolerance: 2, pass: true }, blinks: { model: 5, pixel: 5, tolerance: 0, pass: true }, apertureMm: { maxAbs: 0.1, cap: 0.3, pass: true }, agreementPass: true };
    writeFileSync(join(dir, 'summary.json'), JSON.stringify({ scene: `1970-script-${f}`, durationS: 20, fps: 30, width: 1280, height: 720, seed: scene.seed, pixels: agreement }));
    writeFileSync(join(dir, 'pixels.json'), JSON.stringify(pixels));
    for (const [name, png] of Object.entries(pngs)) {
      writeFileSync(join(dir, 'stills', name), png);
      pngBytes += png.length;
    }
    const still = (name: string) => ({ name, found: true, file: `${name}.png`, why: 'test' });
    writeFileSync(join(dir, 'stills', 'index.json'), JSON.stringify({ sheet: { file: 'sheet.png', frames: [0, 1] }, stills: ['mid-saccade', 'up-gaze', 'down-gaze', 'brow-highest', 'first-blink'].map(still) }));
  }
  return { proof, pngBytes };
}

describe('the report\'s size', () => {
  let made: Awaited<ReturnType<typeof realSizedProof>>;
  beforeAll(async () => {
    made = await realSizedProof();
  }, 120_000);

  it(`a page of ${FILMS} 20-s films with their stills at eye render's sizes stays within its byte budget; the same stills inlined as their PNGs would not`, async () => {
    const r = await runReport({ proofDir: made.proof, ledgerFile: join(made.proof, 'none.jsonl'), params: DEFAULT_PARAMS, load: false });
    expect(r.budgetBytes).toBe(reportByteBudget(FILMS, 0));
    expect(r.bytes).toBeLessThanOrEqual(r.budgetBytes);
    // This page has no ledger history: its films alone must fit their share, the fixed part aside.
    console.log(`report-size: ${FILMS} films, ${r.bytes} bytes (${Math.round(r.bytes / FILMS)} a film; budget ${REPORT_BUDGET.perFilmBytes} a film)`);
    expect(r.bytes).toBeLessThanOrEqual(FILMS * REPORT_BUDGET.perFilmBytes);
    expect(r.pass).toBe(true);
    const html = readFileSync(r.html, 'utf8');
    const images = [...html.matchAll(/src="data:image\/([a-z]+);base64,([^"]*)"/g)];
    expect(images.length).toBe(FILMS * 6);
    expect(new Set(images.map((m) => m[1]))).toEqual(new Set(['webp']));
    // The deliberately bad page: the lossless PNGs inlined (base64) instead. The budget catches it.
    const inlinedBytes = images.reduce((n, m) => n + m[2].length, 0);
    expect(r.bytes - inlinedBytes + Math.ceil(made.pngBytes / 3) * 4).toBeGreaterThan(r.budgetBytes);
  }, 120_000);

  it('a page over its budget fails the run, whatever its load test says', () => {
    expect(reportPasses(1000, 1000, null)).toBe(true);
    expect(reportPasses(1001, 1000, null)).toBe(false);
  });
});
