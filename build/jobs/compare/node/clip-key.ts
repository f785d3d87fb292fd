import { createHash } from 'node:crypto';

/**
 * What decides a compare clip's bytes: ffmpeg's arguments with the files' places taken out (a
 * temporary folder's name changes every run), each panel film's content digest and each label's text.
 * The same key means composing again would write the same clip, so an unchanged clip is kept.
 */
export function clipKey(args: readonly string[], files: readonly string[], filmDigests: readonly string[], labels: readonly (readonly string[])[]): string {
  const place = new Map(files.map((f, i) => [f, `<file ${i}>`]));
  const what = { args: args.map((a) => place.get(a) ?? a), filmDigests, labels };
  return createHash('sha256').update(JSON.stringify(what)).digest('hex');
}

/** What decides a clip before any panel is rendered (run-compare.ts: inputsKeyOf). */
export interface ClipInputs {
  filmKeys: readonly string[];
  labels: readonly string[];
  size: { width: number; height: number };
  labelHeightPx: number;
  /** compareCode(): eye compare's code less the model's Player. */
  code: string;
}

/** The key of a clip's inputs: the same inputs made the same clip (a kept clip is also checked against its sha256). */
export function clipInputsKey(what: ClipInputs): string {
  return createHash('sha256').update(JSON.stringify(what)).digest('hex');
}
