import { MAX_GAZE_DEG } from '../csv.ts';
import { MS_PER_TIME_UNIT } from '../recording-format.ts';
import type { LayoutOptions } from './header-columns.ts';
import { MARKERS_KEPT, PROBLEMS_KEPT, type Marker, type ReadRecording, type TrackerEvent, type TrialSpan } from './layout.ts';

/** What a block's SAMPLES line says each sample line holds. */
interface SampleLayout {
  eyes: ('left' | 'right')[];
  velocity: boolean;
  resolution: boolean;
  input: boolean;
  rateHz: number | null;
}

const EYE: Record<string, 'left' | 'right'> = { L: 'left', R: 'right' };
const num = (f: string | undefined): number => (f === undefined || f === '.' || f === '' ? NaN : Number(f));

/**
 * An EyeLink ASC file (edf2asc's text): sample lines (time, then x, y, pupil per eye recorded, then
 * velocity and resolution pairs and the input port when the SAMPLES line names VEL, RES, INPUT, then
 * the flags), the tracker's own events — SBLINK/EBLINK, SSACC/ESACC, SFIX/EFIX — kept beside ours,
 * MSG lines as markers (MSG <t> TRIALID <id> starts a trial with --trial-column TRIALID), and every
 * other line (the ** header, calibration, INPUT, BUTTON) skipped and counted. Gaze pixels become
 * degrees by the tracker's own resolution, per axis: the sample's RES pair when recorded, else the
 * block's END … RES x y; --px-per-deg (or the screen geometry) overrides both. A "." is a gap.
 */
export class EyelinkAscReader {
  private layout: SampleLayout | null = null;
  private inferred = false;
  private readonly t: number[] = [];
  private readonly xPx: number[] = [];
  private readonly yPx: number[] = [];
  private readonly pupil: number[] = [];
  private readonly resX: number[] = [];
  private readonly resY: number[] = [];
  private readonly block: number[] = [];
  private readonly blockRes: ({ x: number; y: number } | null)[] = [null];
  private eye: 'left' | 'right' | null = null;
  private eyesInFile: ('left' | 'right')[] = [];
  private readonly problems: { line: number; message: string }[] = [];
  private problemCount = 0;
  private skipped = 0;
  private readonly markers: Marker[] = [];
  private markerCount = 0;
  private readonly events: TrackerEvent[] = [];
  private readonly open = new Map<string, number>();
  private prevT = -Infinity;
  private trialStartMs = Infinity;
  private prevLine = 0;
  private readonly trials: TrialSpan[] = [];
  private screen: string | null = null;
  private readonly msPerUnit: number;

  constructor(private readonly opts: LayoutOptions) {
    this.msPerUnit = MS_PER_TIME_UNIT[opts.timeUnit ?? 'ms'];
  }

  private problem(line: number, message: string): void {
    this.problemCount++;
    if (this.problems.length < PROBLEMS_KEPT) this.problems.push({ line, message });
  }

  addLine(text: string, line: number): void {
    const raw = text.trim();
    if (raw === '') return;
    const f = raw.split(/\s+/);
    const head = f[0];
    // A sample line starts with its time at the line's start; an indented line of numbers is a
    // calibration report's continuation (MSG !CAL …), not a sample.
    if (/^\d/.test(text)) return this.sample(f, line);
    switch (head) {
      case 'SAMPLES':
        return this.samplesLine(f, line);
      case 'MSG':
        return this.message(raw, f, line);
      case 'END': {
        const r = f.indexOf('RES');
        if (r > 0) this.blockRes[this.blockRes.length - 1] = { x: num(f[r + 1]), y: num(f[r + 2]) };
        this.blockRes.push(null);
        this.skipped++;
        return;
      }
      case 'SBLINK':
      case 'SSACC':
      case 'SFIX':
        this.open.set(`${head.slice(1)}${f[1]}`, num(f[2]));
        this.skipped++;
        return;
      case 'EBLINK':
      case 'ESACC':
      case 'EFIX':
        return this.eventEnd(head, f);
      default:
        this.skipped++;
    }
  }

  private samplesLine(f: string[], line: number): void {
    this.skipped++;
    if (f[1] !== 'GAZE') {
      this.problem(line, `SAMPLES ${f[1]}: only GAZE samples (screen pixels) can be read as gaze angles; convert the EDF with gaze positions (edf2asc's default)`);
      return;
    }
    const eyes = (['LEFT', 'RIGHT'] as const).filter((e) => f.includes(e)).map((e) => (e === 'LEFT' ? 'left' : 'right'));
    const r = f.indexOf('RATE');
    this.layout = { eyes, velocity: f.includes('VEL'), resolution: f.includes('RES'), input: f.includes('INPUT'), rateHz: r > 0 ? num(f[r + 1]) : null };
    this.eyesInFile = eyes;
    this.chooseEye(line);
  }

  private chooseEye(line: number): void {
    const eyes = this.eyesInFile;
    const want = this.opts.eye;
    if (want !== null && !eyes.includes(want)) this.problem(line, `--eye ${want}: this file records the ${eyes.join(' and ')} eye only`);
    this.eye = want !== null && eyes.includes(want) ? want : eyes.length === 1 ? eyes[0] : 'left';
  }

  private message(raw: string, f: string[], line: number): void {
    this.skipped++;
    const tMs = num(f[1]) * this.msPerUnit;
    const text = raw.replace(/^MSG\s+\S+\s*/, '');
    if (f[2] === 'GAZE_COORDS' || f[2] === 'DISPLAY_COORDS') this.screen = `${Number(f[5]) + 1}×${Number(f[6]) + 1} px`;
    const tag = this.opts.trialColumn;
    if (tag !== null && f[2] === tag) {
      if (this.trials.length > 0) this.trials[this.trials.length - 1].end = this.t.length;
      this.trials.push({ label: f.slice(3).join(' ') || String(this.trials.length + 1), start: this.t.length, end: this.t.length });
      this.prevT = -Infinity;
    }
    this.markerCount++;
    if (this.markers.length < MARKERS_KEPT) this.markers.push({ tMs, text });
    void line;
  }

  private eventEnd(head: string, f: string[]): void {
    this.skipped++;
    const eye = EYE[f[1]];
    const startMs = num(f[2]) * this.msPerUnit;
    const endMs = num(f[3]) * this.msPerUnit;
    this.open.delete(`${head.slice(1)}${f[1]}`);
    if (eye === undefined || Number.isNaN(startMs)) return;
    const kind = head === 'EBLINK' ? 'blink' : head === 'ESACC' ? 'saccade' : 'fixation';
    const ev: TrackerEvent = { kind, eye, startMs, endMs, durationMs: num(f[4]) };
    if (kind === 'saccade') {
      ev.amplitudeDeg = num(f[9]);
      ev.peakVelocityDegPerS = num(f[10]);
    }
    this.events.push(ev);
  }

  private sample(f: string[], line: number): void {
    if (this.layout === null) {
      // No SAMPLES line: the layout from the line itself (t x y p [flags] or both eyes' three each).
      const numeric = f.filter((v) => v === '.' || Number.isFinite(Number(v))).length;
      const eyes: ('left' | 'right')[] = numeric >= 7 ? ['left', 'right'] : ['left'];
      this.layout = { eyes, velocity: false, resolution: false, input: false, rateHz: null };
      this.eyesInFile = eyes;
      this.inferred = true;
      this.chooseEye(line);
    }
    const L = this.layout;
    const k = L.eyes.indexOf(this.eye!);
    const base = 1 + 3 * k;
    const need = 1 + 3 * L.eyes.length + (L.velocity ? 2 * L.eyes.length : 0) + (L.resolution ? 2 : 0) + (L.input ? 1 : 0);
    if (f.length < need) {
      this.problem(line, `expected ${need} fields (time, x, y, pupil per eye${L.velocity ? ', velocities' : ''}${L.resolution ? ', resolution' : ''}${L.input ? ', input' : ''}), got ${f.length}`);
      return;
    }
    const tMs = num(f[0]) * this.msPerUnit;
    const x = num(f[base]);
    const y = num(f[base + 1]);
    const p = num(f[base + 2]);
    if ([x, y, p].some((v, i) => Number.isNaN(v) && f[base + i] !== '.')) {
      this.problem(line, `a sample field is neither a number nor "." ("${f.slice(base, base + 3).join(' ').slice(0, 40)}")`);
      return;
    }
    if (this.trials.length === 0 && this.opts.trialColumn === null) this.trials.push({ label: '1', start: 0, end: 0 });
    if (!(tMs > this.prevT)) {
      // A time that goes back: a new trial, when the file is not split by TRIALID messages.
      if (tMs <= this.trialStartMs && tMs < this.prevT && this.opts.trialColumn === null) {
        this.trials[this.trials.length - 1].end = this.t.length;
        this.trials.push({ label: String(this.trials.length + 1), start: this.t.length, end: this.t.length });
        this.trialStartMs = tMs;
      } else {
        this.problem(line, `time ${f[0]} is not after the previous sample's (line ${this.prevLine}): samples must be in time order, once each`);
        return;
      }
    }
    if (this.trials.length === 0) this.trials.push({ label: '1', start: 0, end: 0 });
    if (this.t.length === this.trials[this.trials.length - 1].start) this.trialStartMs = tMs;
    this.prevT = tMs;
    this.prevLine = line;
    const r = 1 + 3 * L.eyes.length + (L.velocity ? 2 * L.eyes.length : 0);
    this.t.push(tMs);
    this.xPx.push(x);
    this.yPx.push(y);
    this.pupil.push(p > 0 ? p : NaN);
    this.resX.push(L.resolution ? num(f[r]) : NaN);
    this.resY.push(L.resolution ? num(f[r + 1]) : NaN);
    this.block.push(this.blockRes.length - 1);
  }

  finish(): ReadRecording {
    const n = this.t.length;
    const ppd = this.opts.pxPerDeg;
    const xDeg = new Float64Array(n);
    const yDeg = new Float64Array(n);
    let source = ppd !== null ? 'given' : this.layout?.resolution ? 'sample' : 'end';
    let valid = 0;
    for (let i = 0; i < n; i++) {
      const res = ppd !== null ? { x: ppd, y: ppd } : Number.isFinite(this.resX[i]) ? { x: this.resX[i], y: this.resY[i] } : this.blockRes[this.block[i]];
      if (!res || !(res.x > 0) || !(res.y > 0)) {
        if (!Number.isNaN(this.xPx[i]) && this.problemCount === 0) {
          this.problem(0, 'no pixels-per-degree for these samples: the file has no RES (neither per sample nor on its END lines); give --px-per-deg, or --screen-distance-mm, --screen-width-mm and --screen-width-px');
        }
        source = 'none';
        xDeg[i] = yDeg[i] = NaN;
        continue;
      }
      xDeg[i] = this.xPx[i] / res.x;
      yDeg[i] = -this.yPx[i] / res.y;
      if (Math.abs(xDeg[i]) > MAX_GAZE_DEG || Math.abs(yDeg[i]) > MAX_GAZE_DEG) {
        this.problem(0, `a sample at ${this.t[i]} ms is (${xDeg[i].toFixed(1)}°, ${yDeg[i].toFixed(1)}°), outside ±${MAX_GAZE_DEG}°: check the resolution`);
        xDeg[i] = yDeg[i] = NaN;
      }
      if (!Number.isNaN(xDeg[i]) && !Number.isNaN(yDeg[i])) valid++;
    }
    if (this.problemCount === 0 && n === 0) this.problem(0, 'no samples: an EyeLink ASC needs its sample lines (edf2asc without -e)');
    else if (this.problemCount === 0 && valid === 0) this.problem(0, `no valid sample: all ${n} samples are gaps (".")`);
    if (this.trials.length > 0) this.trials[this.trials.length - 1].end = n;
    const used = this.trials.filter((tr) => tr.end > tr.start);
    const L = this.layout;
    const eyeSaid = L === null ? '' : L.eyes.length === 2 ? (this.opts.eye === null ? 'binocular: the left eye by default (--eye right for the other)' : `binocular: the ${this.eye} eye (--eye)`) : `the ${this.eye} eye (the only one recorded)`;
    const positions = {
      given: `pixels at ${ppd?.toFixed(2)} px/° (--px-per-deg or the screen geometry, over the file's RES)`,
      sample: "pixels by each sample's RES pair, x and y apart (EyeLink's px/° at that gaze)",
      end: "pixels by each block's END … RES x y, x and y apart (EyeLink's px/°, the block's mean)",
      none: 'pixels, with no px/° known',
    }[source]!;
    const rate = L?.rateHz ? `, ${L.rateHz} Hz` : '';
    const summary = [
      `eyelink-asc${this.opts.detected ? ' (detected from the header)' : ' (--format)'}`,
      `time in ${this.opts.timeUnit ?? 'ms'}${rate}${L?.velocity ? ', with velocities' : ''}${this.inferred ? ' (no SAMPLES line: layout from the first sample)' : ''}`,
      eyeSaid,
      `gaze as ${positions}${this.screen ? ` on a ${this.screen} screen` : ''}`,
      `pupil for blink edges only`,
      'gaps: "."',
      `the tracker's own events kept beside ours (trackerEvents)`,
      `${this.markerCount} MSG markers`,
      ...(used.length > 1 ? [`${used.length} trials`] : []),
    ].join('; ');
    if (this.eye !== null) markAroundBlinks(this.events);
    return {
      signal: { tMs: Float64Array.from(this.t), xDeg, yDeg, apertureMm: null },
      pupil: Float64Array.from(this.pupil),
      problems: this.problems,
      problemCount: this.problemCount,
      skippedLines: this.skipped,
      format: {
        layout: 'eyelink-asc',
        detected: this.opts.detected,
        summary,
        columns: { t: 'field 1', x: `field ${2 + 3 * Math.max(0, L?.eyes.indexOf(this.eye!) ?? 0)}`, y: `field ${3 + 3 * Math.max(0, L?.eyes.indexOf(this.eye!) ?? 0)}` },
        timeUnit: this.opts.timeUnit ?? 'ms',
        positions,
        eye: this.eye,
        ignoredColumns: [],
      },
      trackerEvents: this.events.filter((e) => e.eye === this.eye),
      markers: this.markers,
      markerCount: this.markerCount,
      trials: used.length > 1 ? used : null,
    };
  }
}

/** EyeLink's parser writes a saccade round every blink (the lid's edge moves the pupil's centre): flagged, not counted as a saccade. */
function markAroundBlinks(events: TrackerEvent[]): void {
  const blinks = events.filter((e) => e.kind === 'blink');
  for (const s of events) {
    if (s.kind !== 'saccade') continue;
    s.aroundBlink = blinks.some((b) => b.eye === s.eye && b.startMs >= s.startMs && b.endMs <= s.endMs);
  }
}
