import type { Command } from 'commander';
import { findFfmpeg } from '../../node/render/find-ffmpeg.ts';
import { writeStdout } from '../../node/io/write-stdout.ts';
import { FRAME_SPEC_FORMS } from '../../node/stills/frame-spec.ts';
import { lookFilm, STRIP_MAX_FRAMES, type LookRequest, type LookResult } from '../../node/stills/look-film.ts';
import { lookMoments, type MomentsResult } from '../../node/stills/look-moments.ts';
import { CliError, EXIT } from '../../errors/exit.ts';
import { integerIn, parseValue } from '../option-spec.ts';

export interface LookFlags {
  at?: string;
  sheet?: boolean;
  strip?: string;
  moments?: boolean;
  columns?: string;
  count?: string;
  tileWidth?: string;
  out?: string;
  json?: boolean;
}

/** Defaults of the sheet and strip flags, written once: help text and parsing both read them. */
export const LOOK_DEFAULTS = { sheetColumns: 6, sheetCount: 24, stripColumns: 12, tileWidth: 320 } as const;

/** `eye look FILM --at 3.4s | --sheet | --strip FROM..TO | --moments`: stills and contact sheets from an encoded film. */
export function registerLook(program: Command): void {
  program
    .command('look')
    .description(
      `Stills and contact sheets from any encoded film, decoded with ffmpeg and written as PNG with sharp. ` +
        `Times are ${FRAME_SPEC_FORMS}; a time falls on frame round(t · fps). Prints the PNG's path (or --json).`,
    )
    .argument('<film>', 'an encoded film (proof/<scene>/film.mp4, or any video ffprobe reads)')
    .option('--at <time>', `one frame, full size, its pixels as decoded: ${FRAME_SPEC_FORMS}`)
    .option('--sheet', 'a contact sheet: --count frames spread evenly over the film, first and last included, each labelled with its frame and time')
    .option('--strip <from..to>', `consecutive frames side by side, both ends included, wrapping after --columns (e.g. 1.2s..1.6s, frame:30..frame:42; at most ${STRIP_MAX_FRAMES})`)
    .option('--moments', 'for a film made by eye render: its named stills and contact sheet into stills/ beside it, picked from the trace.json there (what eye render writes after encoding)')
    .option('--columns <n>', `tiles per row (default ${LOOK_DEFAULTS.sheetColumns} for a sheet, ${LOOK_DEFAULTS.stripColumns} for a strip)`)
    .option('--count <n>', `frames on a sheet, 1 to 400 (default ${LOOK_DEFAULTS.sheetCount})`)
    .option('--tile-width <px>', `width of each tile on a sheet or strip, 16 to 1920 (default ${LOOK_DEFAULTS.tileWidth})`)
    .option('--out <file.png>', 'where to write the PNG (default: beside the film, film.frame-N.png, film.sheet.png, film.frames-A-B.png)')
    .option('--json', 'print what was written as JSON')
    .action(async (film: string, flags: LookFlags) => {
      const r = await runLook(film, flags);
      writeStdout(flags.json ? `${JSON.stringify(r, null, 2)}\n` : `${r.out}\n`);
    });
}

/** Validate the flags (exactly one of --at, --sheet, --strip, --moments), then make the picture(s). */
export async function runLook(film: string, flags: LookFlags): Promise<LookResult | MomentsResult> {
  const modes = [flags.at !== undefined && '--at', flags.sheet && '--sheet', flags.strip !== undefined && '--strip', flags.moments && '--moments'].filter(Boolean);
  if (modes.length !== 1) {
    throw new CliError(
      EXIT.badInput,
      modes.length === 0 ? 'say what to look at: --at TIME, --sheet, --strip FROM..TO or --moments' : `one of --at, --sheet, --strip, --moments at a time (got ${modes.join(' and ')})`,
    );
  }
  if ((flags.at !== undefined || flags.moments) && (flags.columns ?? flags.count ?? flags.tileWidth ?? (flags.moments ? flags.out : undefined)) !== undefined) {
    throw new CliError(EXIT.badInput, `--columns, --count and --tile-width are for --sheet and --strip; ${flags.moments ? '--moments writes the scene\'s own stills/ (and takes no --out)' : '--at writes the full frame'}`);
  }
  if (flags.moments) return lookMoments(findFfmpeg(), film);
  if (flags.strip !== undefined && flags.count !== undefined) throw new CliError(EXIT.badInput, '--count is for --sheet; a strip holds every frame from FROM to TO');
  const tileWidth = flags.tileWidth === undefined ? LOOK_DEFAULTS.tileWidth : parseValue('--tile-width', integerIn(16, 1920), flags.tileWidth);
  let req: LookRequest;
  if (flags.at !== undefined) req = { kind: 'still', at: flags.at };
  else if (flags.sheet) {
    req = {
      kind: 'sheet',
      count: flags.count === undefined ? LOOK_DEFAULTS.sheetCount : parseValue('--count', integerIn(1, 400), flags.count),
      columns: flags.columns === undefined ? LOOK_DEFAULTS.sheetColumns : parseValue('--columns', integerIn(1, 100), flags.columns),
      tileWidth,
    };
  } else {
    req = { kind: 'strip', range: flags.strip!, columns: flags.columns === undefined ? LOOK_DEFAULTS.stripColumns : parseValue('--columns', integerIn(1, STRIP_MAX_FRAMES), flags.columns), tileWidth };
  }
  return lookFilm(findFfmpeg(), film, req, flags.out);
}
