import { existsSync, readFileSync } from 'node:fs';
import { EXIT } from '../../../errors/exit.ts';
import type { Scene } from '../../../scene/scene.ts';
import { filmVerdict } from '../../../node/ffmpeg/film-verdict.ts';
import { probeFilm } from '../../../node/ffmpeg/probe-film.ts';
import { LEDGER_FILE, readLedger } from '../../ledger/node/ledger.ts';
import { writeFileAtomic } from '../../../node/io/write-file-atomic.ts';
import { fileSha256 } from '../../../node/io/file-sha256.ts';
import { ledgerCheck, type LedgerCheck } from '../core/ledger-check.ts';
import type { PanelNumbers } from '../core/panel-numbers.ts';
import type { CompareOptions, CompareRecord } from './compare-types.ts';

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
  for (const p of record.panels) process.stderr.write(`${p.label[0]}: ${p.label[1]}${p.note ? ` (${p.note})` : ''}\n  ${p.ledger.says}\n`);
}

/** The clip at `out` when its record says it was made from these inputs and its bytes are still the ones then written. */
export function keptByInputs(out: string, jsonFile: string, inputsKey: string): CompareRecord | null {
  if (!existsSync(out) || !existsSync(jsonFile)) return null;
  try {
    const record = JSON.parse(readFileSync(jsonFile, 'utf8')) as CompareRecord;
    return record.inputsKey === inputsKey && record.sha256 === fileSha256(out) ? record : null;
  } catch {
    return null; // unreadable: made again
  }
}

/** The clip already at `out`, if its record names this key and ffprobe still finds it whole. */
export async function keptRecord(ffprobe: string, out: string, jsonFile: string, key: string): Promise<CompareRecord | null> {
  if (!existsSync(out) || !existsSync(jsonFile)) return null;
  let record: CompareRecord;
  try {
    record = JSON.parse(readFileSync(jsonFile, 'utf8')) as CompareRecord;
  } catch {
    return null;
  }
  if (record.key !== key) return null;
  // Bytes changed since they were written (a record that knows them): made again, even if ffprobe would pass them.
  if (record.sha256 !== undefined && record.sha256 !== fileSha256(out)) return null;
  try {
    const verdict = filmVerdict(await probeFilm(ffprobe, out), { width: record.width, height: record.height, fps: record.fps, frames: record.frames });
    return verdict.ok ? record : null;
  } catch {
    return null; // unreadable: composed again
  }
}
