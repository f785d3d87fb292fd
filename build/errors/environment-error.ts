import { CliError, EXIT } from './exit.ts';
import { safeText } from './safe-text.ts';

/** Error codes that are the machine's, not the pipeline's: a full disk, a read-only or forbidden path, a file where a folder should be. */
export const ENVIRONMENT_CODES: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'a file is in the way',
  EISDIR: 'is a folder',
};

/**
 * The one-line exit-3 error for a file-system failure that the machine caused (see ENVIRONMENT_CODES),
 * naming what was being done and the path; null for any other error (the caller's to handle).
 */
export function environmentError(err: unknown, doing: string, path: string): CliError | null {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (!code || !(code in ENVIRONMENT_CODES)) return null;
  return new CliError(EXIT.environment, `cannot ${doing} ${safeText(path)}: ${ENVIRONMENT_CODES[code]} (${code})`);
}

/** Run `f`; a machine-caused file-system failure becomes the exit-3 line, anything else is rethrown. */
export function orEnvironmentError<T>(doing: string, path: string, f: () => T): T {
  try {
    return f();
  } catch (err) {
    throw environmentError(err, doing, path) ?? err;
  }
}
