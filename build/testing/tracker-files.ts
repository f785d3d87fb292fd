import { mainSequenceMs } from './synthetic-gaze.ts';
import type { TrackerRecording } from './tracker-recording.ts';

/**
 * One recording written as each tracker writes its export (the layouts read from real files' headers:
 * edf2asc's ASC, Tobii Pro Lab's and Tobii Studio's TSV, Pupil Player's gaze_positions.csv, a
 * pymovements samples CSV, a locale's semicolon CSV), and beside each the same samples — exactly the
 * values that file holds, turned into degrees — as the project's plain CSV, so the counts from the two
 * can be compared. Every number here is generated; no one's data is copied.
 */
export interface TrackerFile {
  name: string;
  text: string;
  plainCsv: string;
  /** The flags a user gives (what they know about their screen), nothing else. */
  args: string[];
}

/** The screen of every fixture: 1920 px over 531 mm at 600 mm (37.87 px/° at the centre). */
export const SCREEN = { distanceMm: 600, widthMm: 531, widthPx: 1920, heightPx: 1080 };
export const SCREEN_ARGS = ['--screen-distance-mm', '600', '--screen-width-mm', '531', '--screen-width-px', '1920'];
const PPD = 2 * SCREEN.distanceMm * Math.tan(Math.PI / 360) * (SCREEN.widthPx / SCREEN.widthMm);

// Shortest round-trip text: the plain CSV holds exactly the numbers the tracker's reader computes
// (quantised pixels tie velocities, so even a last-digit difference could move a threshold crossing).
const exact = (v: number) => (Number.isNaN(v) ? '' : String(v));
const plainRow = (tMs: number, x: number, y: number) => `${exact(tMs)},${exact(x)},${exact(y)}`;
const PLAIN_HEADER = 't_ms,x_deg,y_deg';

/** Gaze to screen pixels (x right, y down), rounded as the tracker writes them. */
const px = (deg: number, ppd: number, centre: number, sign: 1 | -1, digits: number) => Number((centre + sign * deg * ppd).toFixed(digits));

/** An EyeLink ASC as edf2asc writes it: ** header, MSG lines, SAMPLES line, samples with "." gaps, the parser's events, END … RES. */
export function eyelinkAsc(rec: TrackerRecording, opts: { binocular: boolean; input: boolean; resPerSample?: boolean; velocity?: boolean; trials?: number }): TrackerFile {
  const resX = 37.9;
  const resY = 38.6;
  const t0 = 1408660;
  const eyes = opts.binocular ? 'LEFT\tRIGHT' : 'LEFT';
  const lines = [
    '** CONVERTED FROM SYNTH.EDF using a generator of the calm-eye tests',
    '** DATE: Tue Dec  1 12:00:00 2026',
    '** TYPE: EDF_FILE BINARY EVENT SAMPLE TAGGED',
    '** VERSION: EYELINK II 1',
    '**',
    '',
    `MSG\t${t0 - 500} DISPLAY_COORDS 0 0 ${SCREEN.widthPx - 1} ${SCREEN.heightPx - 1}`,
    `MSG\t${t0 - 20} TRIALID 1`,
    `MSG\t${t0 - 15} RECCFG CR ${rec.rateHz} 2 1 ${opts.binocular ? 'LR' : 'L'}`,
    `MSG\t${t0 - 15} GAZE_COORDS 0.00 0.00 ${SCREEN.widthPx - 1}.00 ${SCREEN.heightPx - 1}.00`,
    `START\t${t0} \t${eyes}\tSAMPLES\tEVENTS`,
    'PRESCALER\t1',
    'VPRESCALER\t1',
    'PUPIL\tAREA',
    `EVENTS\tGAZE\t${eyes}\tRATE\t${rec.rateHz.toFixed(2)}\tTRACKING\tCR\tFILTER\t2`,
    `SAMPLES\tGAZE\t${eyes}${opts.velocity ? '\tVEL' : ''}${opts.resPerSample ? '\tRES' : ''}\tRATE\t${rec.rateHz.toFixed(2)}\tTRACKING\tCR\tFILTER\t2${opts.input ? '\tINPUT' : ''}`,
  ];
  const perTrial = Math.ceil(rec.tMs.length / (opts.trials ?? 1));
  const plain = [PLAIN_HEADER];
  // The parser's events, by the time they end (as the ASC writes an event's line when it ends).
  const ends = new Map<number, string[]>();
  const starts = new Map<number, string[]>();
  const at = (m: Map<number, string[]>, t: number, l: string) => m.set(t, [...(m.get(t) ?? []), l]);
  const n = rec.tMs.length;
  const T = (i: number) => t0 + Math.round(rec.tMs[i]);
  for (let i = 0; i < n; ) {
    if (!rec.lost[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < n && rec.lost[j + 1]) j++;
    const side = opts.binocular ? ['L', 'R'] : ['L'];
    for (const e of side) {
      at(starts, T(Math.max(0, i - 5)), `SSACC ${e}  ${T(Math.max(0, i - 5))}`);
      at(starts, T(i), `SBLINK ${e} ${T(i)}`);
      at(ends, T(j), `EBLINK ${e} ${T(i)}\t${T(j)}\t${T(j) - T(i) + 2}`);
      at(ends, T(Math.min(n - 1, j + 5)), `ESACC ${e}  ${T(Math.max(0, i - 5))}\t${T(Math.min(n - 1, j + 5))}\t${T(Math.min(n - 1, j + 5)) - T(Math.max(0, i - 5)) + 2}\t   .\t   .\t   .\t   .\t   0.00\t      0`);
    }
    i = j + 1;
  }
  for (const s of rec.saccades) {
    const a = Math.round(s.startMs / (1000 / rec.rateHz));
    const b = Math.min(n - 1, Math.round((s.startMs + mainSequenceMs(Math.hypot(s.dxDeg, s.dyDeg))) / (1000 / rec.rateHz)));
    if (a >= n || rec.lost[a] || rec.lost[b]) continue;
    const amp = Math.hypot(s.dxDeg, s.dyDeg);
    at(starts, T(a), `SSACC L  ${T(a)}`);
    at(ends, T(b), `ESACC L  ${T(a)}\t${T(b)}\t${T(b) - T(a) + 2}\t 960.0\t 540.0\t 960.0\t 540.0\t  ${amp.toFixed(2)}\t    ${Math.round(30 + 60 * amp)}`);
  }
  for (let i = 0; i < n; i++) {
    const t = T(i);
    if (i > 0 && i % perTrial === 0) {
      // A new trial: the block ends, the experiment says which trial is next, a new block starts.
      lines.push(`END\t${t - 1} \tSAMPLES\tEVENTS\tRES\t  ${resX.toFixed(2)}\t  ${resY.toFixed(2)}`, `MSG\t${t - 1} TRIALID ${i / perTrial + 1}`, `START\t${t} \t${eyes}\tSAMPLES\tEVENTS`);
    }
    for (const l of starts.get(t) ?? []) lines.push(l);
    if (i % (rec.rateHz * 5) === 0) lines.push(`MSG\t${t} STIM_ON ${i / (rec.rateHz * 5)}`);
    const x = rec.lost[i] ? NaN : px(rec.xDeg[i], resX, 960, 1, 1);
    const y = rec.lost[i] ? NaN : px(rec.yDeg[i], resY, 540, -1, 1);
    const p = rec.lost[i] ? 0 : Math.round(rec.pupil[i]);
    const cell = (v: number) => (Number.isNaN(v) ? '   .' : v.toFixed(1).padStart(7));
    const eye = `${cell(x)}\t${cell(y)}\t${p.toFixed(1).padStart(7)}`;
    // The right eye a few pixels off, as two eyes never agree exactly.
    const right = opts.binocular ? `\t${cell(x + 4.5)}\t${cell(y - 2.5)}\t${p.toFixed(1).padStart(7)}` : '';
    const input = opts.input ? '\t  127.0' : '';
    const nEyes = opts.binocular ? 2 : 1;
    const vel = opts.velocity ? '\t   12.3\t   -4.5'.repeat(nEyes) : '';
    // Per-sample resolution: EyeLink's px/° at that gaze; constant here so the plain CSV is the same.
    const res = opts.resPerSample ? `\t  ${resX.toFixed(2)}\t  ${resY.toFixed(2)}` : '';
    lines.push(`${t}\t${eye}${right}${vel}${res}${input}\t${opts.binocular ? (rec.lost[i] ? '.C.C.' : '.....') : rec.lost[i] ? '.C.' : '...'}`);
    for (const l of ends.get(t) ?? []) lines.push(l);
    plain.push(plainRow(t, x / resX, -y / resY));
  }
  lines.push(`END\t${T(n - 1) + 1} \tSAMPLES\tEVENTS\tRES\t  ${resX.toFixed(2)}\t  ${resY.toFixed(2)}`);
  return { name: `${opts.binocular ? 'binocular' : 'mono'}${opts.resPerSample ? '-res' : ''}${opts.trials ? `-${opts.trials}trials` : ''}.asc`, text: `${lines.join('\n')}\n`, plainCsv: `${plain.join('\n')}\n`, args: [] };
}

const TOBII_PRO_LAB_COLUMNS = [
  'Recording timestamp',
  'Computer timestamp',
  'Sensor',
  'Participant name',
  'Recording name',
  'Event',
  'Event value',
  'Gaze point X',
  'Gaze point Y',
  'Gaze point left X',
  'Gaze point left Y',
  'Gaze point right X',
  'Gaze point right Y',
  'Pupil diameter left',
  'Pupil diameter right',
  'Validity left',
  'Validity right',
  'Eye movement type',
  'Gaze event duration',
  'Presented Stimulus name',
  'Presented Media name',
];

/** A Tobii Pro Lab data export: µs timestamps, event rows sharing a sample's timestamp, "Invalid" eyes with empty gaze, trailing empty columns. */
export function tobiiProLab(rec: TrackerRecording, opts: { decimalComma: boolean }): TrackerFile {
  const num = (v: number, d: number) => (Number.isNaN(v) ? '' : opts.decimalComma ? v.toFixed(d).replace('.', ',') : v.toFixed(d));
  const rows = [TOBII_PRO_LAB_COLUMNS.join('\t')];
  const plain = [PLAIN_HEADER];
  const t0 = 1051981650;
  for (let i = 0; i < rec.tMs.length; i++) {
    const us = t0 + Math.round(rec.tMs[i] * 1000);
    const lost = rec.lost[i] === 1;
    if (i % (rec.rateHz * 2) === 0) {
      // An event row at the sample's own timestamp: no sensor, no gaze, the rest of the row empty.
      const ev = Array<string>(TOBII_PRO_LAB_COLUMNS.length).fill('');
      ev[0] = String(us);
      ev[3] = 'P01';
      ev[4] = 'Recording 1';
      ev[5] = i === 0 ? 'RecordingStart' : 'ImageStimulusStart';
      ev[6] = `stim${i}`;
      rows.push(ev.join('\t'));
    }
    const gx = lost ? NaN : px(rec.xDeg[i], PPD, 960, 1, 1);
    const gy = lost ? NaN : px(rec.yDeg[i], PPD, 540, -1, 1);
    const pupil = lost ? NaN : (rec.pupil[i] / 1200) * 3.1;
    const row = [
      String(us),
      String(Math.round(us / 1000) + 1700000000000),
      'Eye Tracker',
      'P01',
      'Recording 1',
      '',
      '',
      num(gx, 1),
      num(gy, 1),
      num(gx, 1),
      num(gy, 1),
      num(gx, 1),
      num(gy, 1),
      num(pupil, 2),
      num(pupil, 2),
      lost ? 'Invalid' : 'Valid',
      lost ? 'Invalid' : 'Valid',
      lost ? 'EyesNotFound' : 'Unclassified',
      '',
      '',
      '',
    ];
    rows.push(row.join('\t'));
    plain.push(plainRow(us * 0.001, gx / PPD, -gy / PPD));
  }
  return { name: opts.decimalComma ? 'tobii-pro-lab-comma.tsv' : 'tobii-pro-lab.tsv', text: `${rows.join('\n')}\n`, plainCsv: `${plain.join('\n')}\n`, args: SCREEN_ARGS };
}

const TOBII_STUDIO_COLUMNS = [
  'ParticipantName',
  'RecordingName',
  'RecordingDate',
  'RecordingTimestamp',
  'StudioEvent',
  'StudioEventData',
  'GazePointLeftX (ADCSpx)',
  'GazePointLeftY (ADCSpx)',
  'GazePointRightX (ADCSpx)',
  'GazePointRightY (ADCSpx)',
  'GazePointX (ADCSpx)',
  'GazePointY (ADCSpx)',
  'PupilLeft',
  'PupilRight',
  'ValidityLeft',
  'ValidityRight',
];

/** A Tobii Studio export: ms timestamps, −1 and validity 4 where the eye was not found, StudioEvent rows without gaze. */
export function tobiiStudio(rec: TrackerRecording): TrackerFile {
  const rows = [TOBII_STUDIO_COLUMNS.join('\t')];
  const plain = [PLAIN_HEADER];
  for (let i = 0; i < rec.tMs.length; i++) {
    const ms = Math.round(rec.tMs[i]) + 1200;
    const lost = rec.lost[i] === 1;
    if (i % (rec.rateHz * 3) === 0) rows.push(['P01', 'Rec 1', '01.12.2026', String(ms), i === 0 ? 'ScreenRecStarted' : 'ImageStart', 'img.png', '', '', '', '', '', '', '', '', '', ''].join('\t'));
    const gx = lost ? -1 : Math.round(960 + rec.xDeg[i] * PPD);
    const gy = lost ? -1 : Math.round(540 - rec.yDeg[i] * PPD);
    const pupil = lost ? '-1' : ((rec.pupil[i] / 1200) * 3.1).toFixed(2);
    rows.push(['P01', 'Rec 1', '01.12.2026', String(ms), '', '', gx, gy, gx, gy, gx, gy, pupil, pupil, lost ? 4 : 0, lost ? 4 : 0].join('\t'));
    plain.push(plainRow(ms, lost ? NaN : gx / PPD, lost ? NaN : -gy / PPD));
  }
  return { name: 'tobii-studio.tsv', text: `${rows.join('\n')}\n`, plainCsv: `${plain.join('\n')}\n`, args: SCREEN_ARGS };
}

const PUPIL_COLUMNS =
  'gaze_timestamp,world_index,confidence,norm_pos_x,norm_pos_y,base_data,gaze_point_3d_x,gaze_point_3d_y,gaze_point_3d_z,eye_center0_3d_x,eye_center0_3d_y,eye_center0_3d_z,gaze_normal0_x,gaze_normal0_y,gaze_normal0_z,eye_center1_3d_x,eye_center1_3d_y,eye_center1_3d_z,gaze_normal1_x,gaze_normal1_y,gaze_normal1_z';

/** Pupil Player's gaze_positions.csv: seconds, a confidence (low where the pupil was lost, the gaze point still written), the 3D gaze point in mm. */
export function pupilLabs(rec: TrackerRecording): TrackerFile {
  const rows = [PUPIL_COLUMNS];
  const plain = [PLAIN_HEADER];
  const D = Math.PI / 180;
  for (let i = 0; i < rec.tMs.length; i++) {
    const ts = (5120.25 + rec.tMs[i] / 1000).toFixed(6);
    const lost = rec.lost[i] === 1;
    const az = (lost ? 3 : rec.xDeg[i]) * D;
    const el = (lost ? -20 : rec.yDeg[i]) * D;
    const gp = [Math.sin(az) * Math.cos(el) * 600, -Math.sin(el) * 600, Math.cos(az) * Math.cos(el) * 600].map((v) => v.toFixed(4));
    const conf = lost ? (0.1 + 0.2 * ((i * 7) % 10) / 10).toFixed(3) : (0.92 + 0.08 * ((i * 3) % 10) / 10).toFixed(3);
    const normal = [Math.sin(az), -Math.sin(el), Math.cos(az)].map((v) => v.toFixed(5));
    rows.push(
      [ts, Math.floor(rec.tMs[i] / 33.3), conf, (0.5 + az / 2).toFixed(5), (0.5 + el / 2).toFixed(5), `${ts}-0 ${ts}-1`, ...gp, '31.2', '12.1', '-20.3', ...normal, '-28.9', '11.7', '-19.8', ...normal].join(','),
    );
    const [x, y, z] = gp.map(Number);
    plain.push(plainRow(Number(ts) * 1000, lost ? NaN : Math.atan2(x, z) / D, lost ? NaN : Math.atan2(-y, Math.hypot(x, z)) / D));
  }
  return { name: 'gaze_positions.csv', text: `${rows.join('\n')}\n`, plainCsv: `${plain.join('\n')}\n`, args: [] };
}

/** A pymovements samples CSV of several trials, each timed from 0: position in dva (y down), pixels beside it. */
export function pymovements(rec: TrackerRecording, trials: number): TrackerFile {
  const rows = ['trial_id,time,pixel_x,pixel_y,position_x,position_y'];
  const plain = [PLAIN_HEADER];
  const per = Math.ceil(rec.tMs.length / trials);
  for (let i = 0; i < rec.tMs.length; i++) {
    const k = Math.floor(i / per);
    const t = rec.tMs[i] - rec.tMs[k * per];
    const lost = rec.lost[i] === 1;
    const pxx = lost ? '' : (960 + rec.xDeg[i] * PPD).toFixed(2);
    const pxy = lost ? '' : (540 - rec.yDeg[i] * PPD).toFixed(2);
    const posX = lost ? NaN : Number(rec.xDeg[i].toFixed(6));
    const posY = lost ? NaN : Number((-rec.yDeg[i]).toFixed(6));
    rows.push(`${k + 1},${t.toFixed(1)},${pxx},${pxy},${Number.isNaN(posX) ? '' : posX},${Number.isNaN(posY) ? '' : posY}`);
    plain.push(plainRow(Number(t.toFixed(1)), posX, -posY));
  }
  return { name: 'pymovements.csv', text: `${rows.join('\n')}\n`, plainCsv: `${plain.join('\n')}\n`, args: ['--trial-column', 'trial_id'] };
}

/** A plain semicolon table from a decimal-comma locale, time in seconds, and a pupil column that is not the lid. */
export function semicolonTable(rec: TrackerRecording): TrackerFile {
  const rows = ['t_s;x_deg;y_deg;pupil'];
  const plain = [PLAIN_HEADER];
  const c = (v: number, d: number) => (Number.isNaN(v) ? '' : v.toFixed(d).replace('.', ','));
  for (let i = 0; i < rec.tMs.length; i++) {
    const x = rec.lost[i] ? NaN : Number(rec.xDeg[i].toFixed(6));
    const y = rec.lost[i] ? NaN : Number(rec.yDeg[i].toFixed(6));
    rows.push(`${c(rec.tMs[i] / 1000, 4)};${c(x, 6)};${c(y, 6)};${c(rec.pupil[i], 1)}`);
    plain.push(plainRow(Number((rec.tMs[i] / 1000).toFixed(4)) * 1000, x, y));
  }
  return { name: 'semicolon.csv', text: `${rows.join('\n')}\n`, plainCsv: `${plain.join('\n')}\n`, args: [] };
}
