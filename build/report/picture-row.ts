import { skinChangeSeverity, type PictureReport } from '../measure/picture/picture-report.ts';
import { PICTURE_LIMITS } from '../measure/picture/picture-limits.ts';

const mm = (x: number) => x.toFixed(2);

/** One line per scene: the table the closing note quotes. */
export function pictureRow(r: PictureReport): string {
  const e = r.edges.worst;
  const edge = e ? `${mm(e.lengthMm)} mm @${e.frame} x${Math.round(e.xPx)} y${e.y0Px}-${e.y1Px}` : 'none';
  const worstBlink = r.blinks.episodes.reduce<PictureReport['blinks']['episodes'][number] | null>((w, x) => (!w || skinChangeSeverity(x.worst) > skinChangeSeverity(w.worst) ? x : w), null);
  const skin = worstBlink ? `p99 ${worstBlink.worst.p99Levels.toFixed(1)} max ${worstBlink.worst.maxLevels.toFixed(1)} @${worstBlink.worst.frame}` : 'no blink';
  const brow = `${r.topRows.framesWithBrow > 0 ? 'yes' : 'no'} (hair ${r.topRows.worstHairScore.toFixed(3)}${r.topRows.maskHasBrow ? `, mask ${r.topRows.worstMaskBrowPixels} px` : ''})`;
  const cells = [
    r.scene.padEnd(20),
    `${r.edges.pass ? 'ok  ' : 'FAIL'} ${edge} (${r.edges.framesOver}/${r.edges.framesChecked} frames over${r.edges.geometryRuns ? `; ${r.edges.geometryRuns} runs on the geometry` : ''})`.padEnd(58),
    `${r.blinks.pass ? 'ok  ' : 'FAIL'} ${r.blinks.episodes.length} blink${r.blinks.episodes.length === 1 ? '' : 's'}, ${skin}`.padEnd(42),
    `${r.topRows.pass ? 'ok  ' : 'FAIL'} brow in top rows ${brow}`.padEnd(40),
    r.pass ? 'PASS' : 'FAIL',
  ];
  return cells.join(' | ');
}

export const PICTURE_HEADER = [
  'scene'.padEnd(20),
  `longest straight vertical edge (cap ${PICTURE_LIMITS.maxVerticalEdgeMm} mm)`.padEnd(58),
  `skin outside the outline in blinks`.padEnd(42),
  'top rows'.padEnd(40),
  'verdict',
].join(' | ');
