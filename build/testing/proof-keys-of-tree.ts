// Prints, as JSON, the keys of everything ./make.sh makes after the films, as this tree's code computes
// them: each part of `eye check` (every scene, the stimuli), each scene's era spread (what `eye render`
// holds a film to), and each review clip's inputs (its panels' film keys at 640x360, their labels, the
// clip's geometry, eye compare's code; fixed tool versions). The key tests run it on edited copies of
// the repository, in a child process so each copy's modules are its own.
import { defaultCheckScenes } from '../jobs/check/node/run-check.ts';
import { planCheck } from '../jobs/check/node/check-run.ts';
import { spreadKey } from '../jobs/check/node/era-spread.ts';
import { spreadPlan } from '../jobs/check/node/spread-plan.ts';
import { filmKey } from '../jobs/cache/node/film-key.ts';
import { filmSources } from '../jobs/cache/node/film-code.ts';
import { clipInputsKey } from '../jobs/compare/node/clip-key.ts';
import { compareCode, LABEL_HEIGHT_PX, planPanels } from '../jobs/compare/node/run-compare.ts';
import { reviewClips } from '../jobs/compare/core/review-clips.ts';
import { listScenes, loadScenes } from '../node/io/load-scene.ts';
import { projectRoot } from '../node/io/project-root.ts';
import { DEFAULT_PARAMS } from '../measure/params.ts';
import { feedOf } from '../page/frame-feed.ts';
import { filmSettingsFor } from '../jobs/render/node/plan-render.ts';
import { defaultFrameFormat } from '../node/browser/capture-frame.ts';
import { CHUNK_FRAMES } from '../jobs/render/core/chunk-plan.ts';

const root = projectRoot();
const { parts, stimuli } = await planCheck(defaultCheckScenes(), { minutes: 10, seeds: 3, jobs: 1, params: DEFAULT_PARAMS, ratesHz: [240, 60, 30], physiology: true, films: true });
const check: Record<string, string> = Object.fromEntries(parts.map((p) => [p.scene.name, p.key]));
if (stimuli) check.stimuli = stimuli.key;
const spreads: Record<string, string> = {};
for (const s of loadScenes([])) spreads[s.name] = await spreadKey(s, spreadPlan(s), DEFAULT_PARAMS);
const code = { ...(await filmSources(root)), browser: 'Chromium (fixed for the test)', encoder: 'ffmpeg (fixed for the test)' };
const settings = { pass: 'color', measure: { maskScale: 0.5 }, holdSpread: false, capture: 'auto', format: defaultFrameFormat('color'), chunkFrames: CHUNK_FRAMES } as const;
const clips: Record<string, string> = {};
const clipCode = await compareCode(root);
for (const c of reviewClips(listScenes())) {
  const panels = planPanels(c.scenes, { settings: { width: 640, height: 360 }, presets: c.presets });
  const filmKeys = panels.map((p) => filmKey(p.scene, feedOf(p.scene).digest, filmSettingsFor(settings, p.scene), code));
  const size = c.tiled ? { width: 384, height: 216 } : { width: 640, height: 360 };
  clips[c.file] = clipInputsKey({ filmKeys, labels: panels.map((p) => p.label), size, labelHeightPx: LABEL_HEIGHT_PX, code: clipCode });
}
process.stdout.write(`${JSON.stringify({ check, spreads, clips })}\n`);
