import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGazeRig } from '../core/gaze-rig.ts';
import { LIVE_LINK_FACE_VALUES } from '../core/live-link-columns.ts';
import { readArkitCsv } from '../core/read-arkit-csv.ts';
import { simulate } from '../../../model/player.ts';
import { VISITOR_DISTANCE_CM } from '../../../model/pointer/pointer-gaze.ts';
import { stepsAtFrame } from '../../../model/time/clock.ts';
import { withSettings } from '../../../scene/parse.ts';
import { tempDir } from '../../../testing/temp-dir.ts';
import { projectRoot } from '../../../node/io/project-root.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { runExportArkit } from './run-export-arkit.ts';

/**
 * The ARKit export read back by a real importer (issue 21): headless Blender (Debian's `blender`)
 * imports the take as shape-key and eye-rotation animation the way Live Link Face importers do
 * (blender/import-live-link.py: columns by the header's names, frames from the Timecode at the take's
 * rate, eye Yaw/Pitch/Roll as radians), and the curves it made are compared frame by frame with the
 * file and with the rig's angle. Skipped, saying so, where Blender is missing; .ci/run installs it.
 */
const SCRIPT = join(projectRoot(), 'build', 'jobs', 'arkit', 'node', 'blender', 'import-live-link.py');
const haveBlender = spawnSync('blender', ['--version'], { encoding: 'utf8' }).status === 0;
if (!haveBlender) console.log('blender-import.test.ts: skipped: no blender on PATH (Debian: apt-get install blender)');

const SHAPES = LIVE_LINK_FACE_VALUES.slice(0, LIVE_LINK_FACE_VALUES.indexOf('HeadYaw'));
const DEG = Math.PI / 180;
/** Blender keeps key values and rotations as 32-bit floats: 8 decimals in the file, ~1e-7 relative back. */
const FLOAT32_TOL = 2e-6;

interface Imported {
  fps: number;
  frames: number[];
  shapes: Record<string, number[]>;
  eyes: Record<'LeftEye' | 'RightEye', { yaw: number[]; pitch: number[]; roll: number[] }>;
  probe: { frame: number; leftEyeYaw: number; eyeBlinkLeft: number };
  blender: string;
}

function importInBlender(csv: string, fps: number): Imported {
  const out = `${csv}.json`;
  const r = spawnSync('blender', ['-b', '--factory-startup', '--python-exit-code', '1', '-P', SCRIPT, '--', csv, out, String(fps)], { encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`blender exited ${r.status}: ${(r.stderr || r.stdout).split('\n').filter(Boolean).slice(-3).join(' | ')}`);
  return JSON.parse(readFileSync(out, 'utf8')) as Imported;
}

describe.skipIf(!haveBlender)('the ARKit take imported by headless Blender', () => {
  const dir = tempDir('blender-');
  const csv = join(dir, '1995-script.csv');
  const durationS = 4;
  runExportArkit('1995-script', { durationS }, csv);
  const text = readFileSync(csv, 'utf8');
  const rows = readArkitCsv(text);
  let imported: Imported | null = null;
  const take = (): Imported => (imported ??= importInBlender(csv, 30));

  it('animates all 52 shape keys on the frames the timecodes say, each curve equal to its column on every frame', () => {
    const got = take();
    expect(got.fps).toBe(30);
    expect(got.frames).toEqual(rows.map((_, f) => f));
    expect(Object.keys(got.shapes).sort()).toEqual([...SHAPES].sort());
    let worst = 0;
    for (const k of SHAPES) rows.forEach((r, f) => (worst = Math.max(worst, Math.abs(got.shapes[k][f] - r.values[k]))));
    console.log(`blender-import: Blender ${got.blender}, ${SHAPES.length} shape keys × ${rows.length} frames, worst |curve − column| ${worst.toExponential(2)}`);
    expect(worst).toBeLessThan(FLOAT32_TOL);
    // Something moves: the blinks and the gaze are in the curves, not a flat file.
    expect(Math.max(...got.shapes.EyeBlinkLeft)).toBeGreaterThan(0.9);
    expect(Math.max(...got.shapes.EyeLookOutLeft, ...got.shapes.EyeLookInLeft)).toBeGreaterThan(0.05);
    expect(got.probe.eyeBlinkLeft).toBeCloseTo(rows[got.probe.frame].values.EyeBlinkLeft, 5);
  }, 180_000);

  it('turns the eyes by the angles the trace has (through the rig), in radians, within 1e-5 rad', () => {
    const got = take();
    const trace = simulate(withSettings(loadScene('1995-script'), { durationS }));
    const rig = runGazeRig(trace, { lookAtDistanceCm: VISITOR_DISTANCE_CM });
    let worst = 0;
    for (const eye of ['LeftEye', 'RightEye'] as const) {
      got.eyes[eye].yaw.forEach((v, f) => (worst = Math.max(worst, Math.abs(v - rig.xDeg[stepsAtFrame(f, 30)] * DEG))));
      got.eyes[eye].pitch.forEach((v, f) => (worst = Math.max(worst, Math.abs(v - rig.yDeg[stepsAtFrame(f, 30)] * DEG))));
      expect(Math.max(...got.eyes[eye].roll.map(Math.abs))).toBe(0);
    }
    console.log(`blender-import: eye yaw/pitch vs the rig's angle, worst ${worst.toExponential(2)} rad over ${rows.length} frames`);
    expect(worst).toBeLessThan(1e-5);
    const range = Math.max(...got.eyes.LeftEye.yaw) - Math.min(...got.eyes.LeftEye.yaw);
    expect(range).toBeGreaterThan(2 * DEG);
    expect(got.probe.leftEyeYaw).toBeCloseTo(got.eyes.LeftEye.yaw[got.probe.frame], 6);
  }, 180_000);

  it('fails a take whose columns are swapped (the comparison can fail) and one at the wrong rate', () => {
    const lines = text.trimEnd().split('\n').map((l) => l.split(','));
    const a = lines[0].indexOf('LeftEyeYaw');
    const b = lines[0].indexOf('LeftEyePitch');
    // The header stays; the values under two columns trade places, as a mis-ordered writer would do.
    const swapped = lines.map((l, i) => (i === 0 ? l : l.map((v, j) => (j === a ? l[b] : j === b ? l[a] : v))));
    const bad = join(dir, 'swapped.csv');
    writeFileSync(bad, `${swapped.map((l) => l.join(',')).join('\n')}\n`);
    const got = importInBlender(bad, 30);
    const trace = simulate(withSettings(loadScene('1995-script'), { durationS }));
    const rig = runGazeRig(trace, { lookAtDistanceCm: VISITOR_DISTANCE_CM });
    const worst = Math.max(...got.eyes.LeftEye.yaw.map((v, f) => Math.abs(v - rig.xDeg[stepsAtFrame(f, 30)] * DEG)));
    expect(worst).toBeGreaterThan(1e-3);
    // At 25 fps the timecodes' frame field runs to 29: the importer refuses the take.
    expect(() => importInBlender(csv, 25)).toThrow(/frame field reaches 29/);
  }, 180_000);
});
