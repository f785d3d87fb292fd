import { copyFileSync, existsSync, lstatSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { EXIT } from '../../../errors/exit.ts';
import { safeText } from '../../../errors/safe-text.ts';
import type { Scene } from '../../../scene/scene.ts';
import { filmVerdict } from '../../../node/ffmpeg/film-verdict.ts';
import { probeFilm } from '../../../node/ffmpeg/probe-film.ts';
import { LEDGER_FILE, readLedger } from '../../ledger/node/ledger.ts';
import { writeFileAtomic } from '../../../node/io/write-file-atomic.ts';
import { fileSha256 } from '../../../node/io/file-sha256.ts';
import { ledgerCheck, type LedgerCheck } from '../core/ledger-check.ts';
import type { PanelNumbers } from '../core/panel-numbers.ts';
import type { CompareOptions, CompareRecord } from './compare-types.ts';

/** Where a clip's record goes: beside it, its .mp4 for .json (eye compare writes it, eye clips checks it first). */
export function clipRecordPath(clipFile: string): string {
  return clipFile.replace(/\.mp4$/, '.json');
}

/** A kept clip: its record written again if this run's ledger checks changed it, and said as a made one is. */
export function keep(record: CompareRecord, jsonFile: string, out: string, json: boolean): number {
  const text = `${JSON.stringify(record, null, 2)}\n`;
  if (text !== readFileSync(jsonFile, 'utf8')) writeFileAtomic(jsonFile, text);
  sayPanels(record);
  process.stderr.write(`compare: unchanged (the same panel films, labels and code), kept ${out}\n`);
  if (json) process.stdout.write(text);
  return EXIT.ok;
}

/** Each panel's label against the ledger, read now (a kept clip's lines may have been appended since it was made). */
export function ledgerChecks(o: CompareOptions, panels: readonly { scene: Scene; code: { revision: string; dirty: boolean }; numbers: PanelNumbers }[]): LedgerCheck[] {
  const { entries } = readLedger(o.ledgerFile ?? LEDGER_FILE);
  return panels.map((p) => ledgerCheck({ scene: p.scene.name, ...p.code, settings: settingsOf(p.scene), numbers: p.numbers }, entries));
}

/** The settings a ledger line records for a scene. */
export function settingsOf(s: Scene): { width: number; height: number; fps: number; durationS: number; seed: number } {
  return { width: s.width, height: s.height, fps: s.fps, durationS: s.durationS, seed: s.seed };
}

/** Each panel's label on stderr, and under it what the ledger holds for it. */
export function sayPanels(record: CompareRecord): void {
  // Escaped: a record may be another machine's (eye clips --from).
  for (const p of record.panels) process.stderr.write(`${safeText(p.label[0])}: ${safeText(p.label[1])}${p.note ? ` (${safeText(p.note)})` : ''}\n  ${safeText(p.ledger.says)}\n`);
}

/** A clip's record is a few kB; one far larger is not a record this project wrote. */
const MAX_RECORD_BYTES = 1 << 20;

const isText = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * A clip's record (`<clip>.json`), or null when it is absent, not a regular file, too big, not JSON or
 * not the shape this project writes: the clip is then made again. Read as untrusted (with `eye clips
 * --from` it is another machine's): the fields a kept clip goes on to use are checked here, once.
 */
export function readRecord(jsonFile: string): CompareRecord | null {
  try {
    const st = statSync(jsonFile);
    if (!st.isFile() || st.size > MAX_RECORD_BYTES) return null;
    const r = JSON.parse(readFileSync(jsonFile, 'utf8')) as Record<string, unknown> | null;
    if (typeof r !== 'object' || r === null || !isText(r.key) || !['width', 'height', 'fps', 'frames'].every((k) => isCount(r[k]))) return null;
    if ((r.inputsKey !== undefined && !isText(r.inputsKey)) || (r.sha256 !== undefined && !isText(r.sha256)) || !Array.isArray(r.panels)) return null;
    const panelOk = (p: unknown): boolean => {
      const q = p as Record<string, unknown> | null;
      if (typeof q !== 'object' || q === null || !Array.isArray(q.label) || q.label.length !== 2 || !q.label.every(isText)) return false;
      const ledger = q.ledger as Record<string, unknown> | null;
      return typeof ledger === 'object' && ledger !== null && isText(ledger.says) && (q.note === undefined || isText(q.note));
    };
    return r.panels.every(panelOk) ? (r as unknown as CompareRecord) : null;
  } catch {
    return null; // unreadable: made again
  }
}

/** The clip at `out` when its record says it was made from these inputs and its bytes are still the ones then written. */
export function keptByInputs(out: string, jsonFile: string, inputsKey: string): CompareRecord | null {
  if (!existsSync(out)) return null;
  const record = readRecord(jsonFile);
  return record && record.inputsKey === inputsKey && record.sha256 === fileSha256(out) ? record : null;
}

/** The clip already at `out`, if its record names this key and ffprobe still finds it whole. */
export async function keptRecord(ffprobe: string, out: string, jsonFile: string, key: string): Promise<CompareRecord | null> {
  if (!existsSync(out)) return null;
  const record = readRecord(jsonFile);
  if (!record || record.key !== key) return null;
  // Bytes changed since they were written (a record that knows them): made again, even if ffprobe would pass them.
  if (record.sha256 !== undefined && record.sha256 !== fileSha256(out)) return null;
  try {
    const verdict = filmVerdict(await probeFilm(ffprobe, out), { width: record.width, height: record.height, fps: record.fps, frames: record.frames });
    return verdict.ok ? record : null;
  } catch {
    return null; // unreadable: composed again
  }
}

/**
 * `eye clips --from DIR…`: the clip another machine made (`eye clips --shard i/n`), taken as this run's
 * own when it is the clip this run would make: its record names this run's inputs key (computed here,
 * from this tree's scenes, samples and code: the shard's claim is not trusted), its bytes are the
 * record's sha256, and ffprobe finds it whole at the size, rate and frame count this run expects. It
 * is copied beside `out` and renamed into place (never a half-written clip); its record is written
 * with `clip` set to `out`, and the caller then keeps it as an unchanged clip (the ledger checks made
 * again against this machine's ledger). A clip that is absent, a link, or fails any check is not
 * taken: this run makes it. Returns the record, or null.
 */
export async function adoptedClip(
  dirs: readonly string[],
  out: string,
  jsonFile: string,
  inputsKey: string,
  expected: { width: number; height: number; fps: number; frames: number },
  ffprobe: string,
): Promise<CompareRecord | null> {
  for (const dir of dirs) {
    const clip = join(dir, basename(out));
    const json = join(dir, basename(jsonFile));
    try {
      if (!lstatSync(clip).isFile() || !lstatSync(json).isFile()) continue;
    } catch {
      continue;
    }
    const record = keptByInputs(clip, json, inputsKey);
    if (!record) continue;
    const probe = await probeFilm(ffprobe, clip).catch(() => null);
    if (!probe || !filmVerdict(probe, expected).ok) continue;
    if (record.width !== expected.width || record.height !== expected.height || record.fps !== expected.fps || record.frames !== expected.frames) continue;
    const staged = join(dirname(out), `.${basename(out)}.tmp-${process.pid}`);
    try {
      copyFileSync(clip, staged);
      if (fileSha256(staged) !== record.sha256) continue;
      const adopted: CompareRecord = { ...record, clip: out };
      writeFileAtomic(jsonFile, `${JSON.stringify(adopted, null, 2)}\n`);
      renameSync(staged, out);
      return adopted;
    } finally {
      rmSync(staged, { force: true });
    }
  }
  return null;
}
