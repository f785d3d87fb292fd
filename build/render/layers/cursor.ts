import type { EraId } from '../../scene/scene.ts';
import { CURSOR_BITMAP, CURSOR_CELL_MM, CURSOR_OUTLINE_CELLS, cursorStyle, cursorTipPx } from '../geometry/cursor-shape.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';

const INK = 'rgb(12, 12, 12)';
const PAPER = 'rgb(250, 250, 250)';

/**
 * The visitor's pointer over the colour film (cursor-shape.ts says where and how big), drawn after the
 * era's grade so it reads as the visitor's own pointer on top of the picture, never as part of the
 * face. Only the colour pass draws it: the mask pass the pixel path measures has no pointer in it.
 */
export function drawCursor(ctx: CanvasRenderingContext2D, frame: EyeFrame, xR: number, yR: number, era: EraId): void {
  const tip = cursorTipPx(frame, xR, yR);
  const cell = CURSOR_CELL_MM * frame.pxPerMm;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  ctx.filter = 'none';
  if (cursorStyle(era) === 'bitmap') {
    for (let row = 0; row < CURSOR_BITMAP.length; row++) {
      const line = CURSOR_BITMAP[row];
      for (let col = 0; col < line.length; col++) {
        const c = line[col];
        if (c === '.') continue;
        ctx.fillStyle = c === 'X' ? INK : PAPER;
        // Cells overlap by a hair so that their antialiased seams never show the face through.
        ctx.fillRect(tip.x + col * cell, tip.y + row * cell, cell + 0.35, cell + 0.35);
      }
    }
  } else {
    ctx.beginPath();
    for (const [i, [cx, cy]] of CURSOR_OUTLINE_CELLS.entries()) {
      if (i === 0) ctx.moveTo(tip.x + cx * cell, tip.y + cy * cell);
      else ctx.lineTo(tip.x + cx * cell, tip.y + cy * cell);
    }
    ctx.closePath();
    ctx.shadowColor = 'rgba(0, 0, 0, 0.35)';
    ctx.shadowBlur = 2 * cell;
    ctx.shadowOffsetX = cell;
    ctx.shadowOffsetY = 2 * cell;
    ctx.fillStyle = PAPER;
    ctx.fill();
    ctx.shadowColor = 'transparent';
    ctx.lineJoin = 'round';
    ctx.lineWidth = Math.max(1, cell);
    ctx.strokeStyle = INK;
    ctx.stroke();
  }
  ctx.restore();
}
