import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { promisify } from 'node:util';
import { topLevelAtoms } from './mp4-atoms.ts';

const run = promisify(execFile);

/** What ffprobe (and a walk of the MP4 boxes) says about a film. */
export interface FilmProbe {
  codec: string;
  profile: string;
  pixFmt: string;
  colorSpace: string;
  colorPrimaries: string;
  colorTransfer: string;
  colorRange: string;
  width: number;
  height: number;
  /** r_frame_rate as a number (30/1 → 30). */
  fps: number;
  /** nb_frames from the stream header. */
  frames: number;
  /** Packets counted by reading the file. */
  packets: number;
  durationS: number;
  bytes: number;
  /** Top-level MP4 boxes in file order. */
  atoms: string[];
}

export async function probeFilm(ffprobePath: string, file: string): Promise<FilmProbe> {
  const { stdout } = await run(ffprobePath, [
    '-v', 'error',
    '-select_streams', 'v:0',
    '-count_packets',
    '-show_entries', 'stream=codec_name,profile,pix_fmt,color_space,color_primaries,color_transfer,color_range,width,height,r_frame_rate,nb_frames,nb_read_packets:format=duration',
    '-of', 'json',
    file,
  ]);
  const j = JSON.parse(stdout) as { streams?: Record<string, string | number>[]; format?: { duration?: string } };
  const s = j.streams?.[0] ?? {};
  const [num, den] = String(s.r_frame_rate ?? '0/1').split('/').map(Number);
  return {
    codec: String(s.codec_name ?? ''),
    profile: String(s.profile ?? ''),
    pixFmt: String(s.pix_fmt ?? ''),
    colorSpace: String(s.color_space ?? ''),
    colorPrimaries: String(s.color_primaries ?? ''),
    colorTransfer: String(s.color_transfer ?? ''),
    colorRange: String(s.color_range ?? ''),
    width: Number(s.width ?? 0),
    height: Number(s.height ?? 0),
    fps: den ? num / den : 0,
    frames: Number(s.nb_frames ?? 0),
    packets: Number(s.nb_read_packets ?? 0),
    durationS: Number(j.format?.duration ?? 0),
    bytes: statSync(file).size,
    atoms: topLevelAtoms(file).map((a) => a.type),
  };
}
