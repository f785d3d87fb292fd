// Prints, as JSON, every scene's proof-film key as this tree's code would compute it (the sample
// stream simulated by this tree's model, this tree's renderer and Node code; fixed tool versions):
// the key tests run it on edited copies of the repository, in a child process so each copy's
// modules are its own.
import { filmKey, type FilmSettings } from '../jobs/cache/node/film-key.ts';
import { filmSources } from '../jobs/cache/node/film-code.ts';
import { loadScenes } from '../node/io/load-scene.ts';
import { projectRoot } from '../node/io/project-root.ts';
import { feedOf } from '../page/frame-feed.ts';
import { filmSettingsFor } from '../jobs/render/node/plan-render.ts';
import { defaultFrameFormat } from '../node/browser/capture-frame.ts';
import { CHUNK_FRAMES } from '../jobs/render/core/chunk-plan.ts';

const settings: FilmSettings = { pass: 'color', measure: { maskScale: 0.5 }, holdSpread: true, capture: 'auto', format: defaultFrameFormat('color'), chunkFrames: CHUNK_FRAMES };
const code = { ...(await filmSources(projectRoot())), browser: 'Chromium (fixed for the test)', encoder: 'ffmpeg (fixed for the test)' };
const keys: Record<string, string> = {};
for (const scene of loadScenes([])) keys[scene.name] = filmKey(scene, feedOf(scene).digest, filmSettingsFor(settings, scene), code);
process.stdout.write(`${JSON.stringify({ code, keys })}\n`);
