import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS } from '../../../measure/params.ts';
import { simulate } from '../../../model/player.ts';
import { withSettings } from '../../../scene/parse.ts';
import { tempDir } from '../../../testing/temp-dir.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { traceJson } from '../../render/core/trace-json.ts';
import { openCache } from '../../cache/node/store.ts';
import { writeCachedJson } from '../../cache/node/cached-json.ts';
import { runReport } from './run-report.ts';
import { isEraSection } from './report-parts.ts';

const still = (background: string) => sharp({ create: { width: 96, height: 54, channels: 3, background } }).png().toBuffer();

/** A scene folder as eye render leaves one (no film: these pages are not loaded): the model's trace, a summary, a sheet and a still. */
async function addScene(proof: string, name: string, colour: string, midColour: string): Promise<void> {
  const scene = withSettings(loadScene(name), { durationS: 3 });
  const trace = simulate(scene);
  const dir = join(proof, scene.name);
  mkdirSync(join(dir, 'stills'), { recursive: true });
  const columns = Object.fromEntries(Object.entries(trace.columns).map(([k, v]) => [k, Array.from(v)]));
  writeFileSync(join(dir, 'trace.json'), traceJson(scene, [{ columns: columns as never, events: trace.events }]));
  writeFileSync(join(dir, 'summary.json'), JSON.stringify({ scene: scene.name, durationS: scene.durationS, fps: scene.fps, width: 96, height: 54, seed: scene.seed }));
  writeFileSync(join(dir, 'stills', 'sheet.png'), await still(colour));
  writeFileSync(join(dir, 'stills', 'mid-saccade.png'), await still(midColour));
  writeFileSync(
    join(dir, 'stills', 'index.json'),
    JSON.stringify({ sheet: { file: 'sheet.png', frames: [0, 1] }, stills: [{ name: 'mid-saccade', found: true, file: 'mid-saccade.png', why: 'test' }] }),
  );
}

describe("eye report's parts, kept by their inputs", () => {
  it('reuses every section and still when nothing changed, rebuilds exactly the one whose input changed, and the page is always the full build\'s bytes', async () => {
    const proof = tempDir('eye-report-parts-');
    await addScene(proof, '1970-script', '#224422', '#202020');
    await addScene(proof, '1981-script', '#442222', '#303030');
    const cacheDir = tempDir('eye-report-parts-cache-');
    const o = { proofDir: proof, ledgerFile: join(proof, 'none.jsonl'), params: DEFAULT_PARAMS, load: false };
    const page = () => readFileSync(join(proof, 'index.html'), 'utf8');
    /** The page a build without any cache makes from the folder as it is now. */
    const fullBuild = async () => {
      await runReport({ ...o, cacheDir: null });
      return page();
    };

    const cold = await runReport({ ...o, cacheDir });
    expect(cold.parts).toEqual({ sectionsBuilt: ['1970-script', '1981-script'], sectionsKept: 0, imagesMade: 4, imagesKept: 0 });
    const first = page();
    expect(await fullBuild()).toBe(first);

    // Nothing changed: nothing encoded, nothing plotted, the same bytes.
    const warm = await runReport({ ...o, cacheDir });
    expect(warm.parts).toEqual({ sectionsBuilt: [], sectionsKept: 2, imagesMade: 0, imagesKept: 4 });
    expect(page()).toBe(first);

    // One scene's still changed: that still encoded, that scene's section built, the other kept.
    writeFileSync(join(proof, '1981-script', 'stills', 'sheet.png'), await still('#444422'));
    const still1981 = await runReport({ ...o, cacheDir });
    expect(still1981.parts).toEqual({ sectionsBuilt: ['1981-script'], sectionsKept: 1, imagesMade: 1, imagesKept: 3 });
    const afterStill = page();
    expect(afterStill).not.toBe(first);
    expect(await fullBuild()).toBe(afterStill);

    // One scene's numbers changed (its summary's seed): its section built, no still encoded.
    const summaryFile = join(proof, '1970-script', 'summary.json');
    writeFileSync(summaryFile, readFileSync(summaryFile, 'utf8').replace(/"seed":\d+/, '"seed":7'));
    const seed1970 = await runReport({ ...o, cacheDir });
    expect(seed1970.parts).toEqual({ sectionsBuilt: ['1970-script'], sectionsKept: 1, imagesMade: 0, imagesKept: 4 });
    const afterSeed = page();
    expect(afterSeed).toContain('seed 7');
    expect(await fullBuild()).toBe(afterSeed);
  }, 120_000);

  it('serves no stored part that is not what it should be: a whole entry holding other text is made again', async () => {
    const proof = tempDir('eye-report-parts-');
    await addScene(proof, '1970-script', '#224422', '#202020');
    const cacheDir = tempDir('eye-report-parts-cache-');
    const o = { proofDir: proof, ledgerFile: join(proof, 'none.jsonl'), params: DEFAULT_PARAMS, load: false, cacheDir };
    await runReport(o);
    const first = readFileSync(join(proof, 'index.html'), 'utf8');
    // Entries whose recorded hashes hold (written through the store) but whose values are not a section or a WebP image.
    const store = openCache(cacheDir);
    for (const e of store.list().filter((x) => x.kind === 'report')) writeCachedJson(store, 'report', e.key, e.name, e.name === '1970-script' ? '<script>alert(1)</script>' : 'data:text/html,<b>');
    const r = await runReport(o);
    expect(r.parts).toEqual({ sectionsBuilt: ['1970-script'], sectionsKept: 0, imagesMade: 2, imagesKept: 0 });
    expect(readFileSync(join(proof, 'index.html'), 'utf8')).toBe(first);
  }, 120_000);

  it("takes a stored section only in eraSection's shape: no script inside it, no second section, nothing after it", () => {
    expect(isEraSection('<section class="era" id="x"><h2>x</h2><svg></svg></section>')).toBe(true);
    expect(isEraSection('<section class="era" id="x"><script>alert(1)</script></section>')).toBe(false);
    expect(isEraSection('<section class="era" id="x"><SCRIPT src=x></SCRIPT></section>')).toBe(false);
    expect(isEraSection('<section class="era" id="x"><meta http-equiv="refresh" content="0;url=x"></section>')).toBe(false);
    expect(isEraSection('<section class="era" id="x"><iframe src="x"></iframe></section>')).toBe(false);
    expect(isEraSection('<section class="era" id="x"></section><h1>forged</h1><section class="era" id="y"></section>')).toBe(false);
    expect(isEraSection('<section class="era" id="x"></section>\n<h1>forged</h1></section>')).toBe(false);
    expect(isEraSection(42)).toBe(false);
  });
});
