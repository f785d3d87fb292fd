import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { codeHash } from '../../cache/node/code-hash.ts';
import { readCachedJson, writeCachedJson } from '../../cache/node/cached-json.ts';
import type { CacheStore } from '../../cache/node/store.ts';
import { KEY_HEX_DIGITS } from '../../../node/io/content-key.ts';
import { valueDigest } from '../../../node/io/value-digest.ts';
import { projectRoot } from '../../../node/io/project-root.ts';
import { eraSection } from '../../../report/proof/era-section.ts';
import type { SectionBuilder } from '../../../report/proof/report-html.ts';
import { IMAGE_DATA_URI, imageDataUri, type ImageInliner } from './inline-image.ts';

/** The modules whose code each part is a function of (with what they import, and package-lock.json: sharp's, Plot's versions). */
export const IMAGE_CODE = 'build/jobs/report/node/inline-image.ts';
export const SECTION_CODE = 'build/report/proof/era-section.ts';

/**
 * A stored section is served only if it has eraSection's shape: one `<section class="era">` and its
 * close, nothing after it, and none of the elements eraSection never writes that could act in the page
 * or stand outside the section (a script, a frame, an embed, a meta, base, link or form). The page's
 * CSP would stop a script anyway; this keeps a forged entry from adding markup at all.
 */
const ACTIVE_MARKUP = /<\/?(?:script|iframe|frame|object|embed|meta|base|link|form)\b/i;
export function isEraSection(v: unknown): v is string {
  return (
    typeof v === 'string' &&
    v.startsWith('<section class="era"') &&
    v.endsWith('</section>') &&
    v.match(/<section\b/gi)?.length === 1 &&
    v.match(/<\/section\s*>/gi)?.length === 1 &&
    !ACTIVE_MARKUP.test(v)
  );
}

/** What a report's build made and what it took from the cache: the scenes whose sections were built, and the counts. */
export interface PartsMade {
  sectionsBuilt: string[];
  sectionsKept: number;
  imagesMade: number;
  imagesKept: number;
}

export interface ReportParts {
  image: ImageInliner;
  section: SectionBuilder;
  made: PartsMade;
}

const key = (...parts: unknown[]) => valueDigest(...parts).slice(0, KEY_HEX_DIGITS);

/**
 * The report page's dear parts, each kept in the cache (kind `report`) by exactly what it is a pure
 * function of, so a build after one era's edit encodes and plots only that era's scenes (the WebP
 * encode of the stills was ~60% of a build, the plots of a section most of the rest):
 * - an inlined image by its file's bytes (sha256), its width and the encoder's code (imageDataUri);
 * - a film's section by its two arguments as eraSection receives them (the film's numbers, plots' data,
 *   inlined stills, caps, spread, its diff: valueDigest, which tells apart every value JSON folds
 *   together) and eraSection's code.
 * A wrong hit cannot be built: the key is the function's whole input and its code, and eraSection
 * reads nothing else. A stored part is served only after the store checked its bytes against the
 * sha256 recorded with it, and only if it is what the part is (an image a WebP data: URI, a section one
 * `<section>`); otherwise it is made again. With no store, each is made.
 */
export async function reportParts(store: CacheStore | null, root = projectRoot()): Promise<ReportParts> {
  const made: PartsMade = { sectionsBuilt: [], sectionsKept: 0, imagesMade: 0, imagesKept: 0 };
  const [imageCode, sectionCode] = store ? (await Promise.all([codeHash(root, IMAGE_CODE), codeHash(root, SECTION_CODE)])).map((c) => c.hash) : [null, null];
  const kept = <T>(k: string, valid: (v: unknown) => v is T): T | null => {
    const hit = store ? readCachedJson<unknown>(store, 'report', k) : null;
    return hit && valid(hit.value) ? hit.value : null;
  };
  const image: ImageInliner = async (file, widthPx) => {
    // The bytes hashed are the bytes encoded: read once.
    const bytes = readFileSync(file);
    const k = key('report-image', imageCode, widthPx, createHash('sha256').update(bytes).digest('hex'));
    const hit = kept(k, (v): v is string => typeof v === 'string' && IMAGE_DATA_URI.test(v));
    if (hit !== null) {
      made.imagesKept++;
      return hit;
    }
    const uri = await imageDataUri(bytes, widthPx);
    made.imagesMade++;
    if (store) writeCachedJson(store, 'report', k, `${basename(dirname(dirname(file)))}/${basename(file)}@${widthPx}`, uri);
    return uri;
  };
  const section: SectionBuilder = (e, diff) => {
    const k = store ? key('report-section', sectionCode, e, diff) : null;
    const hit = k ? kept(k, isEraSection) : null;
    if (hit !== null) {
      made.sectionsKept++;
      return hit;
    }
    const html = eraSection(e, diff);
    made.sectionsBuilt.push(e.scene);
    if (store && k) writeCachedJson(store, 'report', k, e.scene, html);
    return html;
  };
  return { image, section, made };
}
