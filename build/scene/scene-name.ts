/** A scene's name (its file name without .json): a plain folder name, never `.`, `..` or hidden. */
export const SCENE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * What the project itself writes directly under proof/, beside the scene folders: a scene of one of
 * these names would be published over it (a scene file named live.json replaced proof/live/ and its
 * index.html). Compared without case, for file systems that fold it.
 */
export const RESERVED_PROOF_NAMES: readonly string[] = ['live', 'check', 'compare', 'arkit', 'picture', 'diff', 'index.html', 'report.png', 'report.json'];

/** A shard's manifest under its proof folder (shard-<i>-of-<n>.json; build/jobs/shard/node/shard-manifest.ts). */
const SHARD_MANIFEST_NAME = /^shard-\d+-of-\d+\.json$/i;

/**
 * Why a name cannot be a scene's (a folder under proof/ and a cache entry's label), or null when it
 * can. Every name the project turns into a path passes this, whether from a scene file's name or read
 * from a manifest, a ledger line, a summary or a cache entry.
 */
export function sceneNameProblem(name: unknown): string | null {
  if (typeof name !== 'string') return `a scene name is a string, got ${name === null ? 'null' : typeof name}`;
  if (name.length > 200) return 'a scene name of at most 200 characters';
  if (!SCENE_NAME.test(name)) return 'a scene name of letters, digits, ".", "_" and "-" that starts with a letter or digit';
  if (RESERVED_PROOF_NAMES.includes(name.toLowerCase()) || SHARD_MANIFEST_NAME.test(name)) {
    return `a scene name other than ${RESERVED_PROOF_NAMES.join(', ')} or shard-<i>-of-<n>.json (the project writes those under proof/)`;
  }
  return null;
}
