import { gridLayout } from './grid-layout.ts';

/** The clip's size: the grid of panels with their label strips. */
export function clipSize(panels: number, panelSize: { width: number; height: number }, labelHeightPx: number): { width: number; height: number } {
  const g = gridLayout(panels);
  return { width: g.columns * panelSize.width, height: g.rows * (panelSize.height + labelHeightPx) };
}
