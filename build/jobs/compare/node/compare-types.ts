import type { FilmVerdict } from '../../../node/ffmpeg/film-verdict.ts';
import type { LedgerCheck } from '../core/ledger-check.ts';
import type { PanelNumbers } from '../core/panel-numbers.ts';
import type { SceneSettings } from '../../../scene/parse.ts';
import type { Preset, Scene } from '../../../scene/scene.ts';

/** The label strip under each panel, px. */
export const LABEL_HEIGHT_PX = 40;

export interface CompareOptions {
  /** --fps --duration --size --seed, applied to every panel's scene (withSettings validates them). */
  settings: SceneSettings;
  /** Each panel's size in the clip (default: the size it was rendered at). */
  panelSize?: { width: number; height: number };
  /** The clip; default proof/compare/<name>.mp4. */
  out?: string;
  /** The ledger each panel's label is held against (default: this checkout's ledger.jsonl). */
  ledgerFile?: string;
  /** One scene at this revision beside the working tree. */
  rev?: string;
  /** One scene as each of these presets. */
  presets?: Preset[];
  /** Folders of clips other machines made (eye clips --shard): a clip there that is the one this run would make is taken, not made (adoptedClip). */
  from?: string[];
  jobs: number;
  cache: boolean;
  cacheDir: string;
  force: boolean;
  json: boolean;
}

/** What a compare clip shows, written beside it as <name>.json. */
export interface CompareRecord {
  clip: string;
  /** clipKey: what decided the clip's bytes (an unchanged clip is kept, not composed again). */
  key: string;
  /** inputsKeyOf: the same, known before any panel is rendered (absent for a revision's panels or without the cache). */
  inputsKey?: string;
  /** sha256 of the clip's bytes as written (a kept clip must still be these bytes). */
  sha256?: string;
  width: number;
  height: number;
  fps: number;
  frames: number;
  panels: {
    label: [string, string];
    scene: string;
    preset: Preset;
    seed: number;
    revision: string | null;
    numbers: PanelNumbers;
    /** What the ledger holds for the panel's scene at its revision and settings, and whether the label agrees. */
    ledger: LedgerCheck;
    note?: string;
  }[];
  verdict: FilmVerdict;
}

export interface Panel {
  scene: Scene;
  label: string;
  revision: string | null;
  /** The rendered scene folder (film.mp4, pixels.json). */
  dir?: string;
  /** The full commit its code was at and whether that tree had uncommitted changes (for its ledger line). */
  code?: { revision: string; dirty: boolean };
  note?: string;
  /** Made from its proof film, scaled (proof-panels.ts): nothing renders it. */
  fromProof?: boolean;
  /** The scene file's own size, its proof film's (proof-panels.ts). */
  fileSize?: { width: number; height: number };
  /** A panel that holds still (held-panel.ts): the frames rendered, looped for the clip's length. */
  held?: number;
}

/** The scene a panel renders: the panel's own, or the frames a held panel needs of it. */
