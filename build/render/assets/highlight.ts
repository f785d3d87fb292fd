import type { EraLight } from '../../model/eras/era-light.ts';
import type { RoomLight } from '../era/room-light.ts';
import { CAMERA_BEZEL_CM, CORNEA_RADIUS_MM, catchlightSizeMm, catchlightStrength, roomReflectionSizeMm } from '../geometry/catchlight-pose.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { Layer } from './canvas.ts';
import { makeLayer } from './canvas.ts';

/**
 * The lights as the cornea mirrors them (geometry/catchlight-pose.ts gives where and how big), each
 * painted once per era and canvas size into a small layer whose centre is the reflection's centre.
 *
 * What makes a reflection read as one (measured on photographs: a camera focused on the iris sees the
 * cornea's images sharp): its edge is crisp, a tenth of a millimetre of tear-film softening at most,
 * not a glow; it shows what the source shows (a window its glazing bars, a screen its page, a
 * terminal its lines of text); a straight edge bows outward, as a convex mirror bends it; and the
 * brightest source clips toward white at its core. The faint halo is the tear film's scatter.
 */
export const REFLECTION_EDGE_MM = 0.035;

/** The era's screen (or ring light) in the cornea. */
export function paintCatchlight(f: EyeFrame, light: EraLight): Layer {
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
  // A lit screen's reflection clips toward white at its middle as a specular highlight does.
  const hot = rgb.map((v) => Math.round(v + (255 - v) * 0.6)).join(', ');
  const kMmPerCm = size.widthMm / (c.kind === 'ring' ? c.outerDiameterCm : light.screenWidthCm);
  halo(ctx, w, h, col, 0.1 * strength, mm);

  ctx.filter = edge(mm);
  if (c.kind === 'ring') {
    const ro = w / 2;
    const ri = (c.innerDiameterCm * kMmPerCm * mm) / 2;
    // The phone in the ring's middle: its screen, dimmer than the ring's LEDs.
    const pw = light.screenWidthCm * kMmPerCm * mm;
    const ph = Math.min(light.screenHeightCm * kMmPerCm * mm, 2 * ri * 0.96);
    traceMirroredRect(ctx, 0, 0, pw, ph, Math.min(pw, ph) * 0.18);
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
    traceScreenInMirror(ctx, light, c.cornerRadiusCm, mm);
    if (c.content === 'text-lines') {
      // Dark glass: the room's faint reflection, and the phosphor's lines of text across it.
      ctx.fillStyle = `rgba(${col}, ${(0.14 * strength).toFixed(3)})`;
      ctx.fill();
      ctx.save();
      ctx.clip();
      textLines(ctx, w, h, 9, `rgba(${col}, ${Math.min(1, 1.7 * strength).toFixed(3)})`, 0.1);
      ctx.restore();
    } else {
      const g = ctx.createRadialGradient(0, -0.1 * h, 0, 0, 0, Math.max(w, h) * 0.6);
      g.addColorStop(0, `rgba(${hot}, ${Math.min(1, 1.15 * strength).toFixed(3)})`);
      g.addColorStop(1, `rgba(${col}, ${(strength * 0.75).toFixed(3)})`);
      ctx.fillStyle = g;
      ctx.fill();
      // What the screen shows, mirrored (right to left), a little darker than the light it sits on: a
      // page's title bar and lines of text, or a video call's face and shoulders.
      ctx.save();
      ctx.clip();
      ctx.globalCompositeOperation = 'destination-out';
      if (c.content === 'call') {
        ctx.filter = edge(mm * 3);
        ctx.fillStyle = 'rgba(0, 0, 0, 0.34)';
        ctx.beginPath();
        ctx.ellipse(0.04 * w, -0.02 * h, 0.12 * w, 0.2 * h, 0, 0, Math.PI * 2);
        ctx.fill();
        ctx.beginPath();
        ctx.ellipse(0.04 * w, 0.6 * h, 0.4 * w, 0.36 * h, 0, 0, Math.PI * 2);
        ctx.fill();
        ctx.filter = edge(mm);
        ctx.fillStyle = 'rgba(0, 0, 0, 0.25)';
        ctx.fillRect(-w / 2, -h / 2, w, h * 0.07);
        // The call's toolbar along the bottom, darker, and its buttons.
        ctx.fillStyle = 'rgba(0, 0, 0, 0.3)';
        ctx.fillRect(-w / 2, h * 0.38, w, h * 0.14);
        ctx.globalCompositeOperation = 'source-over';
        ctx.fillStyle = `rgba(${hot}, ${(0.35 * strength).toFixed(3)})`;
        for (const bx of [-0.12, -0.04, 0.04, 0.12]) {
          ctx.beginPath();
          ctx.arc(bx * w, h * 0.445, 0.018 * w, 0, Math.PI * 2);
          ctx.fill();
        }
        // The self view, bottom right on the glass, so bottom left in the mirror: a brighter tile.
        ctx.fillStyle = `rgba(${hot}, ${(0.45 * strength).toFixed(3)})`;
        ctx.fillRect(-w * 0.46, h * 0.12, w * 0.2, h * 0.22);
        ctx.globalCompositeOperation = 'destination-out';
      } else {
        ctx.fillStyle = 'rgba(0, 0, 0, 0.34)';
        ctx.fillRect(-w / 2, -h / 2, w, h * 0.1);
        textLines(ctx, w * 0.8, h * 0.7, 7, 'rgba(0, 0, 0, 0.22)', 0.14, h * 0.06);
      }
      // A flat panel dims seen off its axis: its far (lower) part, seen from further below its
      // normal, gives the eye less of its light than its top.
      ctx.filter = 'none';
      const fall = ctx.createLinearGradient(0, -h / 2, 0, h / 2);
      fall.addColorStop(0, 'rgba(0, 0, 0, 0)');
      fall.addColorStop(1, 'rgba(0, 0, 0, 0.22)');
      ctx.fillStyle = fall;
      ctx.fillRect(-w / 2 - 2, -h / 2 - 2, w + 4, h + 4);
      ctx.restore();
    }
  }
  ctx.filter = 'none';
  return layer;
}

/** A room light (a window, a ceiling panel, a lamp) in the cornea. */
export function paintRoomReflection(f: EyeFrame, room: RoomLight): Layer {
  const mm = f.pxPerMm;
  const size = roomReflectionSizeMm(room);
  const w = size.widthMm * mm;
  const h = size.heightMm * mm;
  // Turned by its roll: the layer holds the turned light (its diagonal either way).
  const diag = Math.hypot(w, h);
  const turned = room.rollDeg !== 0;
  const layer = reflectionLayer(f, turned ? diag : w, turned ? diag : h);
  const ctx = layer.ctx;
  ctx.rotate((room.rollDeg * Math.PI) / 180);
  const b = room.brightness;
  // Daylight and tubes are whiter than any screen: a faint blue in daylight, a faint green in tubes.
  const col = room.kind === 'window' ? '246, 250, 255' : room.kind === 'panel' ? '244, 255, 248' : '255, 246, 228';
  halo(ctx, w, h, col, 0.14 * b, mm);
  ctx.filter = edge(mm);
  if (room.kind === 'lamp') {
    const g = ctx.createRadialGradient(0, 0, 0, 0, 0, w / 2);
    g.addColorStop(0, `rgba(255, 255, 255, ${b.toFixed(3)})`);
    g.addColorStop(0.7, `rgba(${col}, ${(0.9 * b).toFixed(3)})`);
    g.addColorStop(1, `rgba(${col}, ${(0.55 * b).toFixed(3)})`);
    ctx.beginPath();
    ctx.ellipse(0, 0, w / 2, h / 2, 0, 0, Math.PI * 2);
    ctx.fillStyle = g;
    ctx.fill();
  } else {
    // The panes between the bars, each its own bowed rectangle (the bars are the gaps).
    const bar = Math.max(0.7, (room.kind === 'window' ? 0.05 : 0.04) * Math.min(w, h));
    const cols = room.bars.vertical + 1;
    const rows = room.bars.horizontal + 1;
    const pw = (w - bar * (cols - 1)) / cols;
    const ph = (h - bar * (rows - 1)) / rows;
    for (let i = 0; i < cols; i++) {
      for (let j = 0; j < rows; j++) {
        const cx = -w / 2 + pw / 2 + i * (pw + bar);
        const cy = -h / 2 + ph / 2 + j * (ph + bar);
        traceMirroredRect(ctx, cx, cy, pw, ph, Math.min(pw, ph) * 0.02);
        // Sky is brighter than the ground outside a window: the upper panes clip to white, the view's
        // lower part (trees, the street) is dimmer and uneven.
        const g = ctx.createLinearGradient(0, -h / 2, 0, h / 2);
        g.addColorStop(0, `rgba(255, 255, 255, ${b.toFixed(3)})`);
        if (room.kind === 'window') {
          g.addColorStop(0.55, `rgba(${col}, ${(0.9 * b).toFixed(3)})`);
          g.addColorStop(0.7, `rgba(${col}, ${(0.62 * b).toFixed(3)})`);
          g.addColorStop(1, `rgba(${col}, ${(0.5 * b).toFixed(3)})`);
        } else g.addColorStop(1, `rgba(${col}, ${(0.92 * b).toFixed(3)})`);
        ctx.fillStyle = g;
        ctx.fill();
      }
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

/**
 * The screen's outline as the cornea shows it, traced point by point through the mirror (each point
 * of the glass, seen from the eye in direction L, shows where the sphere's normal bisects L and the
 * viewer: CORNEA_RADIUS_MM · normalize(L + view), geometry/catchlight-pose.ts), about the image of
 * the screen's middle, px (+y down). The image is the paraxial 3.9 mm × size ÷ distance near its
 * middle and shrinks a few per cent toward its corners; the screen lying below the camera, its far
 * (lower) edge shows narrower than its near one, so its sides lean in and no edge is straight or
 * upright. The screen is seen from the eye: its left is the viewer's right, mirrored by the cornea
 * back to the picture's right, so x maps to x.
 */
function traceScreenInMirror(ctx: CanvasRenderingContext2D, light: EraLight, cornerRadiusCm: number, mm: number): void {
  const W = light.screenWidthCm;
  const H = light.screenHeightCm;
  const D = light.viewingDistanceCm;
  const top = -CAMERA_BEZEL_CM;
  const image = (x: number, y: number): [number, number] => {
    const l = Math.hypot(x, y, D);
    const nx = x / l;
    const ny = y / l;
    const nz = D / l + 1;
    const n = Math.hypot(nx, ny, nz);
    return [(CORNEA_RADIUS_MM * nx) / n, (CORNEA_RADIUS_MM * ny) / n];
  };
  const [mx, my] = image(0, top - H / 2);
  const r = Math.min(cornerRadiusCm, W / 2, H / 2);
  // The rounded rectangle on the glass, corner by corner (centres inset by r), 8 steps a quarter turn.
  const corners: [number, number, number][] = [
    [W / 2 - r, top - r, 0],
    [W / 2 - r, top - H + r, -Math.PI / 2],
    [-W / 2 + r, top - H + r, -Math.PI],
    [-W / 2 + r, top - r, Math.PI / 2],
  ];
  ctx.beginPath();
  // Each side is traced in a few pieces too: the mirror bends what is straight on the glass.
  let first = true;
  let last: [number, number] | null = null;
  const to = (x: number, y: number): void => {
    if (last) {
      for (let k = 1; k < 4; k++) {
        const [ix, iy] = image(last[0] + ((x - last[0]) * k) / 4, last[1] + ((y - last[1]) * k) / 4);
        ctx.lineTo((ix - mx) * mm, -(iy - my) * mm);
      }
    }
    const [ix, iy] = image(x, y);
    if (first) ctx.moveTo((ix - mx) * mm, -(iy - my) * mm);
    else ctx.lineTo((ix - mx) * mm, -(iy - my) * mm);
    first = false;
    last = [x, y];
  };
  for (const [cx, cy, a0] of corners) {
    for (let k = 0; k <= 8; k++) {
      const a = a0 + (Math.PI / 2) * (1 - k / 8);
      const x = cx + r * Math.cos(a);
      const y = cy + r * Math.sin(a);
      if (k === 0) to(x, y);
      else {
        const [ix, iy] = image(x, y);
        ctx.lineTo((ix - mx) * mm, -(iy - my) * mm);
        last = [x, y];
      }
    }
  }
  if (last) {
    const [sx, sy] = [corners[0][0] + r * Math.cos(corners[0][2] + Math.PI / 2), corners[0][1] + r * Math.sin(corners[0][2] + Math.PI / 2)];
    to(sx, sy);
  }
  ctx.closePath();
}

/**
 * A rectangle as a convex mirror shows it: its straight edges bow outward (the cornea images a
 * straight line as a curve; BOW of each edge's length), so no edge is ever straight.
 */
const BOW = 0.06;

function traceMirroredRect(ctx: CanvasRenderingContext2D, cx: number, cy: number, w: number, h: number, r: number): void {
  const x0 = cx - w / 2;
  const y0 = cy - h / 2;
  const x1 = cx + w / 2;
  const y1 = cy + h / 2;
  // A quadratic's control point sits at twice the sagitta: the curve then bows by BOW·length.
  const bw = 2 * BOW * w;
  const bh = 2 * BOW * h;
  ctx.beginPath();
  ctx.moveTo(x0 + r, y0);
  ctx.quadraticCurveTo(cx, y0 - bw, x1 - r, y0);
  ctx.quadraticCurveTo(x1, y0, x1, y0 + r);
  ctx.quadraticCurveTo(x1 + bh, cy, x1, y1 - r);
  ctx.quadraticCurveTo(x1, y1, x1 - r, y1);
  ctx.quadraticCurveTo(cx, y1 + bw, x0 + r, y1);
  ctx.quadraticCurveTo(x0, y1, x0, y1 - r);
  ctx.quadraticCurveTo(x0 - bh, cy, x0, y0 + r);
  ctx.quadraticCurveTo(x0, y0, x0 + r, y0);
  ctx.closePath();
}

function hexRgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`renderer: colour ${hex} is not #rrggbb`);
  return [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)];
}
