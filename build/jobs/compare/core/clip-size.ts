import { gridLayout } from './grid-layout.ts';

/** Panels in one clip: the ten eras tiled, with room for two more. */
export const MAX_PANELS = 12;

/** The clip's size: the grid of panels with their label strips. */
export function clipSize(panels: number, panelSize: { width: number; height: number }, labelHeightPx: number): { width: number; height: number } {
  const g = gridLayout(panels);
  return { width: g.columns * panelSize.width, height: g.rows * (panelSize.height + labelHeightPx) };
}
