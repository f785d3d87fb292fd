import { closedFixationsMs } from '../../../measure/closed-fixations.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Assertion } from '../../../measure/caps.ts';
import { detect } from '../../../measure/detect.ts';
import { mainSequence } from '../../../measure/main-sequence.ts';
import type { DetectorParams } from '../../../measure/params.ts';
import type { Scene } from '../../../scene/scene.ts';
import { fixationGammaOf } from '../../../report/proof/fixation-gamma-of.ts';
import type { Agreement, EraReport, SpreadRow, Still } from '../../../report/proof/report-data.ts';
import { checkSummary, checkTrace, readProofJson } from './read-proof-json.ts';
import { inlineImageFile, SHEET_WIDTH_PX, STILL_WIDTH_PX, type ImageInliner } from './inline-image.ts';

/**
 * Points drawn per series: a 20-s film at 120 Hz (a saccade still spans several points); longer films
 * (the 60-s tour, the 90-s visitors) thinner, so no film weighs more than another on the page. The
 * detected events are marked from the full 240 Hz trace whatever the drawing rate.
 */
const MAX_DRAWN_POINTS = 2400;
interface TraceFile {
  sampleRateHz: number;
  scene: Scene;
  columns: Record<string, number[]>;
}

interface SummaryFile {
  scene: string;
  durationS: number;
  fps: number;
  width: number;
  height: number;
  seed: number;
  pixels?: {
    saccades: { model: number; pixel: number; tolerance: number; pass: boolean };
    blinks: { model: number; pixel: number; tolerance: number; pass: boolean };
    apertureMm: { maxAbs: number; cap: number; pass: boolean };
    agreementPass: boolean;
    representative?: { verdicts: SpreadRow[] };
  };
}

const readJson = <T>(file: string): T => readProofJson<T>(file);

/**
 * One rendered scene's folder (proof/<scene>/) as the report shows it: the model's trace run through
 * the detectors (the same ones eye check and eye render use), the pixel proof from summary.json and
 * pixels.json, the stills inlined (`image`), and the calm caps eye check asserted for it.
 */
export async function readEra(proofDir: string, scene: string, checkAssertions: readonly Assertion[], params: DetectorParams, image: ImageInliner = inlineImageFile): Promise<EraReport> {
  const dir = join(proofDir, scene);
  const summary = readProofJson<SummaryFile>(join(dir, 'summary.json'), checkSummary);
  const trace = readProofJson<TraceFile>(join(dir, 'trace.json'), checkTrace);
  const col = (name: string) => Float64Array.from(trace.columns[name]);
  const tMs = col('tMs');
  const yaw = col('yawDeg');
  const pitch = col('pitchDeg');
  const aperture = col('apertureMm');
  const d = detect({ tMs, xDeg: yaw, yDeg: pitch, apertureMm: aperture }, params);

  const everyNth = Math.max(1, Math.ceil(tMs.length / MAX_DRAWN_POINTS));
  const thin = <T>(a: ArrayLike<T>): T[] => Array.from({ length: Math.ceil(a.length / everyNth) }, (_, i) => a[i * everyNth]);
  const era: EraReport = {
    scene,
    era: trace.scene.tour.length ? 'tour' : trace.scene.era,
    mode: trace.scene.mode,
    preset: trace.scene.preset,
    seed: summary.seed,
    durationS: summary.durationS,
    fps: summary.fps,
    width: summary.width,
    height: summary.height,
    filmHref: `${encodeURIComponent(scene)}/film.mp4`,
    stills: [],
    sheet: null,
    signal: { drawnHz: trace.sampleRateHz / everyNth, tS: thin(tMs).map((t) => t / 1000), yawDeg: thin(yaw), pitchDeg: thin(pitch), apertureMm: thin(aperture) },
    saccades: d.saccades.map((s) => ({ startS: s.startMs / 1000, endS: s.endMs / 1000, amplitudeDeg: s.amplitudeDeg, durationMs: s.durationMs, kind: s.kind, truncated: s.truncated })),
    blinks: d.blinks.map((b) => ({ startS: b.startMs / 1000, endS: b.endMs / 1000, partial: b.partial })),
    fixationsMs: closedFixationsMs(d),
    fixationLaw: fixationGammaOf(trace.scene),
    // eye check's long runs, when it kept them: collect-report.ts adds them from proof/check/summary.json.
    longRunFixations: null,
    mainSequence: mainSequence(d.saccades),
    agreement: summary.pixels && existsSync(join(dir, 'pixels.json')) ? readAgreement(dir, summary.pixels, trace) : null,
    caps: checkAssertions.filter((a) => a.scene === scene),
    spread: summary.pixels?.representative?.verdicts ?? [],
    renderAssertions: existsSync(join(dir, 'assertions.json')) ? readJson<{ assertions: Assertion[] }>(join(dir, 'assertions.json')).assertions : [],
  };

  const stillsDir = join(dir, 'stills');
  if (existsSync(join(stillsDir, 'index.json'))) {
    const index = readJson<{ sheet?: { file: string; frames: number[] }; stills: { name: string; found: boolean; file: string | null; why: string }[] }>(join(stillsDir, 'index.json'));
    if (index.sheet && existsSync(join(stillsDir, index.sheet.file))) {
      era.sheet = { label: 'contact sheet', why: `contact sheet: ${index.sheet.frames.length} frames evenly through the film`, dataUri: await image(join(stillsDir, index.sheet.file), SHEET_WIDTH_PX) };
    }
    for (const s of index.stills) {
      if (!s.found || !s.file || !existsSync(join(stillsDir, s.file))) continue;
      const still: Still = { label: s.name, why: s.why, dataUri: await image(join(stillsDir, s.file), s.name === 'first-blink' ? SHEET_WIDTH_PX : STILL_WIDTH_PX) };
      era.stills.push(still);
    }
  }
  return era;
}

/** The pixel proof beside the model at each film frame (the frame's own 240 Hz step, as pixels.json names it). */
function readAgreement(dir: string, p: NonNullable<SummaryFile['pixels']>, trace: TraceFile): Agreement {
  const px = readJson<{ columns: Record<string, (number | null)[]> }>(join(dir, 'pixels.json')).columns;
  const stepMs = 1000 / trace.sampleRateHz;
  const frames = px.tMs.map((t, i) => {
    const row = Math.min(trace.columns.tMs.length - 1, Math.round((px.modelTMs[i] as number) / stepMs));
    return {
      tS: (t as number) / 1000,
      modelApertureMm: trace.columns.apertureMm[row],
      pixelApertureMm: px.apertureMm[i],
      modelYawDeg: trace.columns.yawDeg[row],
      pixelYawDeg: px.yawDeg[i],
    };
  });
  return {
    frames,
    counts: [
      { what: 'saccades', ...pick(p.saccades) },
      { what: 'blinks', ...pick(p.blinks) },
    ],
    apertureMaxAbsMm: p.apertureMm.maxAbs,
    apertureCapMm: p.apertureMm.cap,
    pass: p.agreementPass,
  };
}

const pick = (c: { model: number; pixel: number; tolerance: number; pass: boolean }) => ({ model: c.model, pixel: c.pixel, tolerance: c.tolerance, pass: c.pass });
