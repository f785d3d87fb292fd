/**
 * What a lit screen shows, as light: a grey picture (black is no light, white the screen's brightest)
 * painted once per era and size into the reflection's layer, about its middle (x right, y down, the
 * screen w × h px as the cornea shows it, mirrored). Over the pupil a reflection is seen against
 * black, so what it shows is its own structure: a video call's room, face and toolbar, a page's bars,
 * text and pictures, dark where the screen is dark; and its light falls off toward its edges (a panel
 * seen off its axis gives the eye less of its light, a tube's glass more so). Its content keeps its
 * whole range: the cornea is a mirror, and at its few per cent a picture exposed for the face puts a
 * screen's image far under clipping (2026's white 0.025 linear), so nothing flattens it
 * (highlight.ts turns the picture into light). Not a flat grey block.
 */
export type ScreenContent = 'glow' | 'call';

const grey = (v: number): string => `rgb(${v}, ${v}, ${v})`;

export function paintScreenLight(ctx: CanvasRenderingContext2D, content: ScreenContent, w: number, h: number, tube: boolean): void {
  if (content === 'call') paintCall(ctx, w, h);
  else if (h > w) paintPhone(ctx, w, h);
  else paintPage(ctx, w, h);
  // (Its content was once lifted toward white, keeping a quarter of its range, for an image drawn
  // near clipping; drawn at the light the exposure gives it, the lift left a flat grey block with a
  // dark arch of the room above it: issue 18, point 1.)
  // The falloff toward the edges: 1 − k·ρ² (ρ 0 at the middle, 1 at the corners); a tube's is stronger.
  const k = tube ? 0.35 : 0.22;
  const r = Math.hypot(w, h) / 2;
  const g = ctx.createRadialGradient(0, 0, 0, 0, 0, r);
  for (let i = 0; i <= 4; i++) g.addColorStop(i / 4, grey(Math.round(255 * (1 - k * (i / 4) ** 2))));
  ctx.globalCompositeOperation = 'multiply';
  ctx.fillStyle = g;
  ctx.fillRect(-w / 2 - 2, -h / 2 - 2, w + 4, h + 4);
  ctx.globalCompositeOperation = 'source-over';
}

function rect(ctx: CanvasRenderingContext2D, v: number, x: number, y: number, rw: number, rh: number): void {
  ctx.fillStyle = grey(v);
  ctx.fillRect(x, y, rw, rh);
}

function ellipse(ctx: CanvasRenderingContext2D, v: number, x: number, y: number, rx: number, ry: number): void {
  ctx.fillStyle = grey(v);
  ctx.beginPath();
  ctx.ellipse(x, y, rx, ry, 0, 0, Math.PI * 2);
  ctx.fill();
}

/**
 * A full-screen video call: the other person's room (a bright window beside them, a dark shelf), their
 * hair, face and a light shirt, the floating toolbar with its buttons, and the self view in the
 * corner (bottom right on the glass, so bottom left in the mirror).
 */
function paintCall(ctx: CanvasRenderingContext2D, w: number, h: number): void {
  const wall = ctx.createLinearGradient(0, -h / 2, 0, h / 2);
  wall.addColorStop(0, grey(196));
  wall.addColorStop(1, grey(150));
  ctx.fillStyle = wall;
  ctx.fillRect(-w / 2, -h / 2, w, h);
  // Their window: daylight clipped to white, its frame's bars darker.
  rect(ctx, 255, 0.12 * w, -0.42 * h, 0.3 * w, 0.46 * h);
  rect(ctx, 120, 0.265 * w, -0.42 * h, Math.max(0.8, 0.014 * w), 0.46 * h);
  rect(ctx, 120, 0.12 * w, -0.2 * h, 0.3 * w, Math.max(0.8, 0.02 * h));
  // A shelf on the other side, dark, with a few lighter spines.
  rect(ctx, 62, -0.4 * w, -0.32 * h, 0.18 * w, 0.62 * h);
  for (const [x, v] of [[-0.38, 150], [-0.34, 110], [-0.3, 170], [-0.26, 95]] as const) rect(ctx, v, x * w, -0.28 * h, 0.022 * w, 0.16 * h);
  // The person: shoulders in a light shirt, neck, hair behind and above the face.
  ellipse(ctx, 150, -0.02 * w, 0.52 * h, 0.3 * w, 0.3 * h);
  rect(ctx, 120, -0.06 * w, 0.08 * h, 0.08 * w, 0.16 * h);
  ellipse(ctx, 34, -0.02 * w, -0.09 * h, 0.12 * w, 0.24 * h);
  ellipse(ctx, 146, -0.02 * w, 0.0, 0.095 * w, 0.19 * h);
  // The toolbar: a dark pill over the video, light icons, the red hang-up button darker in light.
  const tw = 0.34 * w;
  const th = 0.085 * h;
  ctx.fillStyle = grey(28);
  ctx.beginPath();
  ctx.roundRect(-tw / 2, 0.34 * h, tw, th, th / 2);
  ctx.fill();
  [-0.12, -0.06, 0, 0.06, 0.12].forEach((bx, i) => ellipse(ctx, i === 4 ? 110 : 225, bx * w, 0.34 * h + th / 2, 0.016 * w, 0.016 * w));
  // The self view: the viewer's own face, small, against their own room.
  rect(ctx, 40, -0.475 * w, 0.1 * h, 0.24 * w, 0.26 * h);
  rect(ctx, 176, -0.47 * w, 0.105 * h, 0.23 * w, 0.25 * h);
  ellipse(ctx, 44, -0.355 * w, 0.19 * h, 0.045 * w, 0.085 * h);
  ellipse(ctx, 138, -0.355 * w, 0.215 * h, 0.034 * w, 0.065 * h);
  ellipse(ctx, 90, -0.355 * w, 0.36 * h, 0.09 * w, 0.07 * h);
}

/**
 * A page in a window on a dimmer desktop: the menu bar, the window's title bar, a dark heading band,
 * ragged paragraphs (a few thick lines: finer ones blur into grey at this size), a picture, the
 * window's scroll bar, icons on the desktop beside it.
 */
function paintPage(ctx: CanvasRenderingContext2D, w: number, h: number): void {
  rect(ctx, 104, -w / 2, -h / 2, w, h);
  rect(ctx, 232, -w / 2, -h / 2, w, 0.06 * h);
  rect(ctx, 60, -0.41 * w, -0.37 * h, 0.8 * w, 0.8 * h);
  rect(ctx, 244, -0.4 * w, -0.36 * h, 0.78 * w, 0.78 * h);
  rect(ctx, 150, -0.4 * w, -0.36 * h, 0.78 * w, 0.07 * h);
  rect(ctx, 84, -0.34 * w, -0.24 * h, 0.5 * w, 0.1 * h);
  textLines(ctx, -0.34 * w, 0.06 * w, -0.08 * h, 0.44 * h, 5, 96);
  // A picture beside the text: a darker block with a lighter shape in it.
  rect(ctx, 100, 0.1 * w, -0.08 * h, 0.2 * w, 0.26 * h);
  ellipse(ctx, 205, 0.18 * w, 0.0, 0.05 * w, 0.06 * h);
  // The window's scroll bar, its thumb darker; icons on the desktop.
  rect(ctx, 196, 0.33 * w, -0.29 * h, 0.04 * w, 0.68 * h);
  rect(ctx, 110, 0.335 * w, -0.2 * h, 0.03 * w, 0.18 * h);
  for (const y of [-0.3, -0.12, 0.06]) rect(ctx, 214, 0.41 * w, y * h, 0.06 * w, 0.08 * h);
}

/** A phone's feed: a light status bar, rows of thumbnails with their text, a tab bar. */
function paintPhone(ctx: CanvasRenderingContext2D, w: number, h: number): void {
  rect(ctx, 240, -w / 2, -h / 2, w, h);
  rect(ctx, 205, -w / 2, -h / 2, w, 0.06 * h);
  for (let i = 0; i < 5; i++) {
    const y = -0.4 * h + i * 0.16 * h;
    rect(ctx, 80 + 30 * (i % 3), -0.42 * w, y, 0.26 * w, 0.12 * h);
    textLines(ctx, -0.08 * w, 0.46 * w, y + 0.01 * h, 0.11 * h, 2, 90);
  }
  rect(ctx, 200, -w / 2, 0.42 * h, w, 0.08 * h);
}

/**
 * Lines of text between x0 and x1, from y over hgt, ragged at their left (the mirror turns a page's
 * ragged right to its left). Lengths fixed per line: deterministic.
 */
function textLines(ctx: CanvasRenderingContext2D, x0: number, x1: number, y: number, hgt: number, lines: number, v: number): void {
  ctx.fillStyle = grey(v);
  const step = hgt / lines;
  for (let i = 0; i < lines; i++) {
    const len = (x1 - x0) * (0.55 + 0.4 * Math.abs(Math.sin(i * 2.3 + 0.7)));
    ctx.fillRect(x1 - len, y + i * step, len, Math.max(0.7, step * 0.45));
  }
}
