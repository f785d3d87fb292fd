import type { EraLight } from '../../model/eras/era-light.ts';
import type { RoomLight } from '../era/room-light.ts';
import { screenExposure } from '../era/room-light.ts';
import { screenReflectionLevel, screenReflectionLinear, srgbDecode, srgbEncode } from '../era/screen-reflection-light.ts';
import { catchlightSizeMm, catchlightStrength, roomReflectionSizeMm } from '../geometry/catchlight-pose.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { Layer } from './canvas.ts';
import { makeLayer } from './canvas.ts';
import { mirrorPx, roomPlane, roundedRectCm, screenMiddleCm, screenPlane, tracePx } from './mirror-trace.ts';
import { paintScreenLight } from './screen-content.ts';
import { bowOutline } from './corneal-bow.ts';

/**
 * The lights as the cornea mirrors them (geometry/catchlight-pose.ts gives where and how big), each
 * painted once per era and canvas size into a small layer whose centre is the reflection's centre.
 *
 * What makes a reflection read as one (measured on photographs: a camera focused on the iris sees the
 * cornea's images sharp): its edge is crisp, a tenth of a millimetre of tear-film softening at most,
 * not a glow; it shows what the source shows (a window its glazing bars, a screen its page or call,
 * a terminal its lines of text), each outline traced through the cornea's mirror (mirror-trace.ts);
 * and the brightest source clips toward white at its core. The faint halo is the tear film's scatter.
 */
export const REFLECTION_EDGE_MM = 0.035;
/** A lit screen's image is a luminous patch, slightly soft-edged (issue 18, point 1): its blur, mm. */
export const SCREEN_EDGE_MM = 0.07;

/**
 * The era's screen (or ring light) in the cornea, at the light the picture shows it with: a lit
 * screen's image as bright as its luminance and the room's light on the face make it
 * (era/screen-reflection-light.ts); a terminal's dark glass and a ring light by their strength, a
 * terminal's dimmed under the room's light (screenExposure).
 */
export function paintCatchlight(f: EyeFrame, light: EraLight, room: RoomLight | null): Layer {
  const mm = f.pxPerMm;
  const size = catchlightSizeMm(light);
  const w = size.widthMm * mm;
  const h = size.heightMm * mm;
  const layer = reflectionLayer(f, w, h);
  const ctx = layer.ctx;
  const c = light.catchlight;
  const rgb = hexRgb(light.colourHex);
  const col = rgb.join(', ');
  const strength = catchlightStrength(light);
  const litScreen = c.kind === 'screen' && c.content !== 'text-lines';
  // How bright the layer's light is at full: a lit screen's physical level, else its strength.
  const glow = litScreen ? screenReflectionLevel(light, room) : c.kind === 'screen' ? strength * screenExposure(room) : strength;
  // A lit screen's reflection clips toward white at its middle as a specular highlight does.
  const hot = rgb.map((v) => Math.round(v + (255 - v) * 0.6)).join(', ');
  const kMmPerCm = size.widthMm / (c.kind === 'ring' ? c.outerDiameterCm : light.screenWidthCm);
  // The tear film's scatter: a lit screen's 0.08 of its image's light (0.1 of its old, brighter
  // image's; at 0.1 of the physical level the halo grew against the image and a phone's small image
  // read 14 % wider at a third of its light).
  halo(ctx, w, h, col, (litScreen ? 0.08 : 0.1) * glow, mm);
  const plane = screenPlane(light.viewingDistanceCm);

  ctx.filter = edge(mm);
  if (c.kind === 'ring') {
    const ro = w / 2;
    const ri = (c.innerDiameterCm * kMmPerCm * mm) / 2;
    // The phone in the ring's middle (at the camera, the ring's centre): its screen, dimmer than the ring's LEDs.
    const ph = Math.min(light.screenHeightCm, (2 * ri * 0.96) / (kMmPerCm * mm));
    const phone = roundedRectCm(0, 0, light.screenWidthCm, ph, Math.min(light.screenWidthCm, ph) * 0.18);
    tracePx(ctx, mirrorPx(plane, phone, { uCm: 0, vCm: 0 }, mm));
    ctx.fillStyle = `rgba(${col}, ${(0.45 * strength).toFixed(3)})`;
    ctx.fill();
    ctx.beginPath();
    ctx.arc(0, 0, ro, 0, Math.PI * 2);
    ctx.arc(0, 0, ri, 0, Math.PI * 2, true);
    const g = ctx.createLinearGradient(0, -ro, 0, ro);
    g.addColorStop(0, `rgba(255, 255, 255, ${Math.min(1, 1.1 * strength).toFixed(3)})`);
    g.addColorStop(1, `rgba(${hot}, ${(0.85 * strength).toFixed(3)})`);
    ctx.fillStyle = g;
    ctx.fill();
    // Its LEDs: the ring's light is beaded, not a smooth band.
    const leds = 36;
    ctx.fillStyle = `rgba(255, 255, 255, ${(0.35 * strength).toFixed(3)})`;
    for (let i = 0; i < leds; i++) {
      const a = (i / leds) * Math.PI * 2;
      ctx.beginPath();
      ctx.arc(Math.cos(a) * (ro + ri) / 2, Math.sin(a) * (ro + ri) / 2, (ro - ri) * 0.28, 0, Math.PI * 2);
      ctx.fill();
    }
  } else {
    // The glass traced through the mirror, about the image of its middle.
    const mid = screenMiddleCm(light.screenHeightCm);
    const glass = roundedRectCm(mid.uCm, mid.vCm, light.screenWidthCm, light.screenHeightCm, c.cornerRadiusCm);
    // Bowed as the cornea's mirror bows it (corneal-bow.ts).
    const outline = bowOutline(mirrorPx(plane, glass, mid, mm), mm);
    if (c.content === 'text-lines') {
      // Dark glass: the room's faint reflection, and the phosphor's lines of text across it.
      tracePx(ctx, outline);
      ctx.fillStyle = `rgba(${col}, ${(0.14 * glow).toFixed(3)})`;
      ctx.fill();
      ctx.save();
      ctx.clip();
      textLines(ctx, w, h, 9, `rgba(${col}, ${Math.min(1, 1.7 * glow).toFixed(3)})`, 0.1);
      ctx.restore();
    } else {
      // What the screen shows, as light (screen-content.ts), then that light as the reflection's
      // opacity in the screen's colour, whitening where it is brightest.
      ctx.filter = 'none';
      const lit = makeLayer(layer.canvas.width, layer.canvas.height);
      lit.ctx.fillStyle = '#000';
      lit.ctx.fillRect(0, 0, lit.canvas.width, lit.canvas.height);
      lit.ctx.translate(lit.canvas.width / 2, lit.canvas.height / 2);
      // Its edge soft (SCREEN_EDGE_MM, the bezel's glow and the tear film's unevenness over a lit
      // image, where a cut edge read as a card) about the same line: the glass drawn inset by half the
      // blur's width, so the blurred edge crosses a third of the core's light where the mirror puts the
      // glass's edge (screen-reflection-picture's size).
      const inset = 0.5 * SCREEN_EDGE_MM * mm;
      const sx = Math.max(0.5, 1 - (2 * inset) / w);
      const sy = Math.max(0.5, 1 - (2 * inset) / h);
      tracePx(lit.ctx, outline.map(([x, y]) => [x * sx, y * sy] as [number, number]));
      lit.ctx.clip();
      paintScreenLight(lit.ctx, c.content, w, h, c.cornerRadiusCm >= 1);
      // As bright as the lights make it: a faint picture in a room lit by day, near white where the
      // screen alone lights the face (era/screen-reflection-light.ts). Before, it neared white in
      // every room (0.55 + 0.6 × strength): a white card over the pupil beside the window's image,
      // which a daylit room's window outshines many times over.
      lightToOpacity(lit, rgb, screenReflectionLinear(light, room));
      ctx.filter = `blur(${(SCREEN_EDGE_MM * mm).toFixed(2)}px)`;
      ctx.drawImage(lit.canvas, -lit.canvas.width / 2, -lit.canvas.height / 2);
    }
  }
  ctx.filter = 'none';
  return layer;
}

/**
 * A grey picture of what the screen shows (its own encoding: black none, white its brightest) turned
 * in place into the reflection's layer: each pixel's light is the screen's there (decoded to linear)
 * times `whiteLinear`, the image of its white in the picture's linear light, encoded again as the
 * layer's opacity, so a page's text and a call's face keep the contrast a mirror gives them. Its
 * colour is the source's, whitening only where that light nears the picture's clipping (a camera
 * clips a specular image there first). Drawn with 'screen', black adds nothing: where the screen is
 * dark the pupil stays black.
 */
function lightToOpacity(l: Layer, rgb: [number, number, number], whiteLinear: number): void {
  const { width, height } = l.canvas;
  const img = l.ctx.getImageData(0, 0, width, height);
  const d = img.data;
  // Each of the 256 greys once: its light, then its opacity and whitening.
  const alpha = new Float32Array(256);
  const white = new Float32Array(256);
  for (let v = 0; v < 256; v++) {
    const linear = Math.min(1, srgbDecode(v / 255) * whiteLinear);
    alpha[v] = 255 * srgbEncode(linear);
    white[v] = Math.max(0, (linear - 0.5) / 0.5) * 0.7;
  }
  for (let i = 0; i < d.length; i += 4) {
    const v = d[i];
    d[i] = rgb[0] + (255 - rgb[0]) * white[v];
    d[i + 1] = rgb[1] + (255 - rgb[1]) * white[v];
    d[i + 2] = rgb[2] + (255 - rgb[2]) * white[v];
    d[i + 3] = alpha[v];
  }
  l.ctx.putImageData(img, 0, 0);
}

/** A room light (a window, a ceiling panel, a lamp) in the cornea, traced through the same mirror. */
export function paintRoomReflection(f: EyeFrame, room: RoomLight): Layer {
  const mm = f.pxPerMm;
  const size = roomReflectionSizeMm(room);
  const plane = roomPlane(room);
  const mid = { uCm: 0, vCm: 0 };
  const W = room.widthCm;
  const H = room.heightCm;
  // Each pane (or the lamp's disc) on the light's plane, cm; the bars are the gaps between panes.
  const shapes: [number, number][][] = [];
  if (room.kind === 'lamp') {
    const disc: [number, number][] = [];
    for (let i = 0; i < 36; i++) disc.push([(W / 2) * Math.cos((i / 36) * Math.PI * 2), (H / 2) * Math.sin((i / 36) * Math.PI * 2)]);
    shapes.push(disc);
  } else {
    const pxPerCm = (size.widthMm / W) * mm;
    const bar = Math.max(0.7 / pxPerCm, (room.kind === 'window' ? 0.05 : 0.04) * Math.min(W, H));
    const cols = room.bars.vertical + 1;
    const rows = room.bars.horizontal + 1;
    const pw = (W - bar * (cols - 1)) / cols;
    const ph = (H - bar * (rows - 1)) / rows;
    for (let i = 0; i < cols; i++) {
      for (let j = 0; j < rows; j++) {
        shapes.push(roundedRectCm(-W / 2 + pw / 2 + i * (pw + bar), H / 2 - ph / 2 - j * (ph + bar), pw, ph, Math.min(pw, ph) * 0.02));
      }
    }
  }
  const traced = shapes.map((sh) => mirrorPx(plane, sh, mid, mm));
  // The layer holds the traced light (its extent either way about its middle's image).
  let ex = 0;
  let ey = 0;
  for (const t of traced) for (const [x, y] of t) { ex = Math.max(ex, Math.abs(x)); ey = Math.max(ey, Math.abs(y)); }
  const layer = reflectionLayer(f, 2 * ex, 2 * ey);
  const ctx = layer.ctx;
  const b = room.brightness;
  // Daylight and tubes are whiter than any screen: a faint blue in daylight, a faint green in tubes.
  const col = room.kind === 'window' ? '246, 250, 255' : room.kind === 'panel' ? '244, 255, 248' : '255, 246, 228';
  halo(ctx, 2 * ex, 2 * ey, col, 0.14 * b, mm);
  ctx.filter = edge(mm);
  if (room.kind === 'lamp') {
    const r = Math.max(ex, ey);
    const g = ctx.createRadialGradient(0, 0, 0, 0, 0, r);
    g.addColorStop(0, `rgba(255, 255, 255, ${b.toFixed(3)})`);
    g.addColorStop(0.7, `rgba(${col}, ${(0.9 * b).toFixed(3)})`);
    g.addColorStop(1, `rgba(${col}, ${(0.55 * b).toFixed(3)})`);
    tracePx(ctx, traced[0]);
    ctx.fillStyle = g;
    ctx.fill();
  } else {
    // Down the light from its top's image to its bottom's: sky is brighter than the ground outside a
    // window, so the upper panes clip to white, the view's lower part (trees, the street) is dimmer.
    const [[tx, ty], [bx, by]] = mirrorPx(plane, [[0, H / 2], [0, -H / 2]], mid, mm);
    const g = ctx.createLinearGradient(tx, ty, bx, by);
    g.addColorStop(0, `rgba(255, 255, 255, ${b.toFixed(3)})`);
    if (room.kind === 'window') {
      g.addColorStop(0.55, `rgba(${col}, ${(0.9 * b).toFixed(3)})`);
      g.addColorStop(0.7, `rgba(${col}, ${(0.62 * b).toFixed(3)})`);
      g.addColorStop(1, `rgba(${col}, ${(0.5 * b).toFixed(3)})`);
    } else g.addColorStop(1, `rgba(${col}, ${(0.92 * b).toFixed(3)})`);
    ctx.fillStyle = g;
    for (const t of traced) {
      tracePx(ctx, t);
      ctx.fill();
    }
  }
  ctx.filter = 'none';
  return layer;
}

/** A layer with room for the halo around a w × h px reflection, its origin at the middle. */
function reflectionLayer(f: EyeFrame, w: number, h: number): Layer {
  const pad = Math.ceil(0.45 * f.pxPerMm);
  const layer = makeLayer(Math.ceil(w) + 2 * pad, Math.ceil(h) + 2 * pad);
  layer.ctx.translate(layer.canvas.width / 2, layer.canvas.height / 2);
  return layer;
}

/** The tear film scatters a little of a reflection's light around it. */
function halo(ctx: CanvasRenderingContext2D, w: number, h: number, col: string, alpha: number, mm: number): void {
  const r = Math.max(w, h) / 2 + 0.35 * mm;
  const g = ctx.createRadialGradient(0, 0, 0, 0, 0, r);
  g.addColorStop(0, `rgba(${col}, ${alpha.toFixed(3)})`);
  g.addColorStop(0.55, `rgba(${col}, ${(alpha * 0.4).toFixed(3)})`);
  g.addColorStop(1, `rgba(${col}, 0)`);
  ctx.fillStyle = g;
  ctx.fillRect(-r, -r, 2 * r, 2 * r);
}

function edge(mm: number): string {
  return `blur(${Math.max(0.45, REFLECTION_EDGE_MM * mm).toFixed(2)}px)`;
}

/**
 * Lines of text across a w × h area centred `dy` below the middle, ragged at the left (the mirror
 * turns a page's ragged right edge to its left). Lengths fixed per line: deterministic.
 */
function textLines(ctx: CanvasRenderingContext2D, w: number, h: number, lines: number, style: string, inset: number, dy = 0): void {
  ctx.fillStyle = style;
  for (let i = 0; i < lines; i++) {
    const y = dy - h / 2 + ((i + 0.7) * h) / (lines + 0.4);
    const len = w * (0.55 + 0.35 * Math.abs(Math.sin(i * 2.3 + 0.7)));
    // The aligned end wavers too: the cornea is no flat mirror, and a column of line ends read as one
    // straight vertical edge (the picture test's 1.5 mm).
    const end = w / 2 - inset * w - 0.05 * w * Math.abs(Math.sin(i * 1.7 + 0.3));
    ctx.fillRect(end - len, y, len - inset * w, Math.max(0.8, h / (lines * 2.6)));
  }
}

function hexRgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`renderer: colour ${hex} is not #rrggbb`);
  return [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)];
}
