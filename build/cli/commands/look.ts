import type { Command } from 'commander';
import { writeStdout } from '../../node/io/write-stdout.ts';
import { FRAME_SPEC_FORMS, STRIP_MAX_FRAMES } from '../../jobs/stills/core/frame-spec.ts';
import type { LookRequest, LookResult } from '../../jobs/stills/node/run-look.ts';
import type { MomentsResult } from '../../jobs/stills/node/run-look-moments.ts';
import { CliError, EXIT } from '../../errors/exit.ts';
import { declareOptions, integerIn, parseOptions, text, type OptionSpec, type OptionValues, type ParsedSoFar } from '../option-spec.ts';

/** Defaults of the sheet and strip flags, written once: help text and parsing both read them. */
export const LOOK_DEFAULTS = { sheetColumns: 6, sheetCount: 24, stripColumns: 12, tileWidth: 320 } as const;

/** The most tiles per row on a sheet (a strip's row can hold all its frames). */
const SHEET_MAX_COLUMNS = 100;

/** Which picture the flags before it ask for: look's later flags default (and range) by it. */
const onSheet = (p: ParsedSoFar) => p.sheet === true;
const onStrip = (p: ParsedSoFar) => p.strip !== undefined;

/**
 * `eye look`'s options, each declared once (flag, doc, default, validator): --help and parsing both
 * read this. The tile flags' defaults depend on the mode, so they are computed from the mode flags
 * declared before them, and stay undefined for --at and --moments (where giving one is an error).
 */
export const LOOK_OPTIONS = {
  at: { flags: '--at <time>', doc: `one frame, full size, its pixels as decoded: ${FRAME_SPEC_FORMS}`, parse: text },
  sheet: { flags: '--sheet', default: false, doc: 'a contact sheet: --count frames spread evenly over the film, first and last included, each labelled with its frame and time' },
  strip: {
    flags: '--strip <from..to>',
    doc: `consecutive frames side by side, both ends included, wrapping after --columns (e.g. 1.2s..1.6s, frame:30..frame:42; at most ${STRIP_MAX_FRAMES})`,
    parse: text,
  },
  moments: {
    flags: '--moments',
    default: false,
    doc: 'for a film made by eye render: its named stills and contact sheet into stills/ beside it, picked from the trace.json there (what eye render writes after encoding)',
  },
  columns: {
    flags: '--columns <n>',
    doc: `tiles per row, 1 to ${SHEET_MAX_COLUMNS} on a sheet, 1 to ${STRIP_MAX_FRAMES} on a strip`,
    defaultFrom: (p: ParsedSoFar) => (onSheet(p) ? LOOK_DEFAULTS.sheetColumns : onStrip(p) ? LOOK_DEFAULTS.stripColumns : undefined),
    defaultText: `${LOOK_DEFAULTS.sheetColumns} for a sheet, ${LOOK_DEFAULTS.stripColumns} for a strip`,
    parse: (t: string, p: ParsedSoFar) => integerIn(1, onStrip(p) ? STRIP_MAX_FRAMES : SHEET_MAX_COLUMNS)(t),
  },
  count: {
    flags: '--count <n>',
    doc: 'frames on a sheet, 1 to 400',
    defaultFrom: (p: ParsedSoFar) => (onSheet(p) ? LOOK_DEFAULTS.sheetCount : undefined),
    defaultText: String(LOOK_DEFAULTS.sheetCount),
    parse: integerIn(1, 400),
  },
  tileWidth: {
    flags: '--tile-width <px>',
    doc: 'width of each tile on a sheet or strip, 16 to 1920',
    defaultFrom: (p: ParsedSoFar) => (onSheet(p) || onStrip(p) ? LOOK_DEFAULTS.tileWidth : undefined),
    defaultText: String(LOOK_DEFAULTS.tileWidth),
    parse: integerIn(16, 1920),
  },
  out: { flags: '--out <file.png>', doc: 'where to write the PNG (default: beside the film, film.frame-N.png, film.sheet.png, film.frames-A-B.png)', parse: text },
  json: { flags: '--json', doc: 'print what was written as JSON', default: false },
} satisfies Record<string, OptionSpec<unknown>>;

/** `eye look`'s parsed options. */
export type LookOptions = OptionValues<typeof LOOK_OPTIONS>;

/** `eye look FILM --at 3.4s | --sheet | --strip FROM..TO | --moments`: stills and contact sheets from an encoded film. */
export function registerLook(program: Command): void {
  const cmd = program
    .command('look')
    .description(
      `Stills and contact sheets from any encoded film, decoded with ffmpeg and written as PNG with sharp. ` +
        `Times are ${FRAME_SPEC_FORMS}; a time falls on frame round(t · fps). Prints the PNG's path (or --json).`,
    )
    .argument('<film>', 'an encoded film (proof/<scene>/film.mp4, or any video ffprobe reads)');
  declareOptions(cmd, LOOK_OPTIONS).action(async (film: string, raw: Record<string, unknown>) => {
    const opts = parseOptions(LOOK_OPTIONS, raw);
    const r = await lookAtFilm(film, opts);
    writeStdout(opts.json ? `${JSON.stringify(r, null, 2)}\n` : `${r.out}\n`);
  });
}

/**
 * Check the flags go together (exactly one of --at, --sheet, --strip, --moments; the tile flags only
 * with a sheet or strip), then make the picture(s). The values are parsed and defaulted already.
 */
export async function lookAtFilm(film: string, flags: LookOptions): Promise<LookResult | MomentsResult> {
  const modes = [flags.at !== undefined && '--at', flags.sheet && '--sheet', flags.strip !== undefined && '--strip', flags.moments && '--moments'].filter(Boolean);
  if (modes.length !== 1) {
    throw new CliError(
      EXIT.badInput,
      modes.length === 0 ? 'say what to look at: --at TIME, --sheet, --strip FROM..TO or --moments' : `one of --at, --sheet, --strip, --moments at a time (got ${modes.join(' and ')})`,
    );
  }
  // The tile flags have no default outside a sheet or strip, so here a value means it was given.
  if ((flags.at !== undefined || flags.moments) && (flags.columns ?? flags.count ?? flags.tileWidth ?? (flags.moments ? flags.out : undefined)) !== undefined) {
    throw new CliError(EXIT.badInput, `--columns, --count and --tile-width are for --sheet and --strip; ${flags.moments ? '--moments writes the scene\'s own stills/ (and takes no --out)' : '--at writes the full frame'}`);
  }
  const { findFfmpeg } = await import('../../node/ffmpeg/find-ffmpeg.ts');
  if (flags.moments) {
    const { runLookMoments } = await import('../../jobs/stills/node/run-look-moments.ts');
    return runLookMoments(findFfmpeg(), film);
  }
  if (flags.strip !== undefined && flags.count !== undefined) throw new CliError(EXIT.badInput, '--count is for --sheet; a strip holds every frame from FROM to TO');
  let req: LookRequest;
  if (flags.at !== undefined) req = { kind: 'still', at: flags.at };
  else if (flags.sheet) req = { kind: 'sheet', count: flags.count!, columns: flags.columns!, tileWidth: flags.tileWidth! };
  else req = { kind: 'strip', range: flags.strip!, columns: flags.columns!, tileWidth: flags.tileWidth! };
  const { runLook } = await import('../../jobs/stills/node/run-look.ts');
  return runLook(findFfmpeg(), film, req, flags.out);
}
