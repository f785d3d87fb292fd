import { Player } from '../model/player.ts';
import { frameCount as framesIn } from '../model/time/clock.ts';
import { eraAt } from '../model/stage/stage.ts';
import { drawEye } from '../render/draw-eye.ts';
import type { Scene } from '../scene/scene.ts';
import type { EyePageApi, RenderPass } from './protocol.ts';

/**
 * The render-mode protocol on one canvas: a Player steps the model (the same code as Node's
 * `simulate`), drawEye paints the frame. Errors are thrown with the scene and frame in the message so
 * Node can report them in one line.
 */
export function createEyePage(canvas: HTMLCanvasElement): EyePageApi {
  let player: Player | null = null;
  let pass: RenderPass = 'color';
  let frames = 0;
  let drawn = false;
  let lastFrame = -1;
  const ctx = canvas.getContext('2d', { alpha: false });
  if (!ctx) throw new Error('eye page: no 2D canvas context');

  const draw = (p: Player, frame: number): void => {
    const sample = p.goToFrame(frame);
    drawEye(ctx, sample, { width: p.scene.width, height: p.scene.height, era: eraAt(p.scene, sample.tMs), pass });
  };

  return {
    async load(scene, renderPass) {
      drawn = false;
      pass = renderPass;
      canvas.width = scene.width;
      canvas.height = scene.height;
      canvas.style.width = `${scene.width}px`;
      canvas.style.height = `${scene.height}px`;
      player = new Player(scene);
      frames = framesIn(scene.durationS, scene.fps);
      lastFrame = 0;
      draw(player, 0);
      drawn = true;
      return { frameCount: frames };
    },
    goToFrame(frame) {
      if (!player) throw new Error('eye page: goToFrame before load');
      if (!Number.isInteger(frame) || frame < lastFrame || frame > frames) {
        throw new Error(`eye page: frame ${frame} out of range (an integer from ${lastFrame} to ${frames}, forward only)`);
      }
      drawn = false;
      try {
        draw(player, frame);
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        throw new Error(`scene ${player.scene.name}, frame ${frame}: ${why}`);
      }
      lastFrame = frame;
      drawn = true;
    },
    readTrace() {
      if (!player) throw new Error('eye page: readTrace before load');
      return player.recorder.drainChunk();
    },
    ready() {
      return drawn;
    },
  };
}
