import type { EraId } from '../../scene/scene.ts';

export function applyEraGrade(_ctx: CanvasRenderingContext2D, _w: number, _h: number, _era: EraId, _tMs: number): void {}
