import type { Assertion } from '../../../measure/caps.ts';
import { openingTableAssertions } from '../../../measure/caps.ts';
import type { DetectorParams } from '../../../measure/params.ts';
import type { Scene } from '../../../scene/scene.ts';
import { faceAssertions, pursuitAssertions } from '../core/check-face.ts';
import { measurePhysiology, OPENING_SCENE, type Physiology } from '../core/check-physiology.ts';
import { runCheckJob, type CheckJob, type CheckJobResult } from './check-job.ts';
import { summarizeScene, type SceneCheck, type SceneSettings } from './check-scene.ts';
import { spreadFromRuns, type EraSpread, type SpreadPlan } from './spread-plan.ts';

/** The eras the stimulus scenes play (check-physiology.ts, check-face.ts): the stimuli's part is cut to them (era-code.ts). */
export const STIMULUS_ERAS = ['1970', '1995', '2003', '2009', '2013', '2026'] as const;

/** What the stimulus scenes give the check: pursuit, the opening table, pupil latency, and the face's assertions. */
export interface StimuliPart {
  physiology: Physiology;
  /** The opening table's assertions, then pursuit's and the face's. */
  assertions: Assertion[];
  face: Assertion[];
}

/** One piece of work a check worker does, each a pure function of what it is sent. */
export type CheckTask =
  | { kind: 'job'; job: CheckJob }
  | { kind: 'scene'; scene: Scene; settings: SceneSettings; runs: CheckJobResult[]; spreadKey: string | null }
  | { kind: 'spread'; scene: Scene; plan: SpreadPlan; runs: CheckJobResult[]; key: string }
  | { kind: 'stimuli'; params: DetectorParams };

export type CheckTaskResult<T extends CheckTask> = T extends { kind: 'job' } ? CheckJobResult : T extends { kind: 'scene' } ? SceneCheck : T extends { kind: 'spread' } ? EraSpread : StimuliPart;

/** Run one task (in a worker started from era-code.ts's bundle, or in this thread in a test). */
export function runCheckTask<T extends CheckTask>(t: T): CheckTaskResult<T> {
  switch (t.kind) {
    case 'job':
      return runCheckJob(t.job) as CheckTaskResult<T>;
    case 'scene':
      return summarizeScene(t.scene, t.settings, t.runs, t.spreadKey) as CheckTaskResult<T>;
    case 'spread':
      return spreadFromRuns(t.scene, t.plan, t.runs, t.key) as CheckTaskResult<T>;
    case 'stimuli': {
      const physiology = measurePhysiology(t.params);
      const face = [...pursuitAssertions(physiology), ...faceAssertions(t.params)];
      return { physiology, face, assertions: [...openingTableAssertions(OPENING_SCENE, physiology.opening.measured), ...face] } as CheckTaskResult<T>;
    }
  }
}
