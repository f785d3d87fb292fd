/**
 * The mask contract: everything of the renderer that the measurement (build/measure) and the checks
 * (build/jobs/check/core) may rely on, declared in one place. The renderer draws to it (its mask pass paints
 * these classes in these colours, through this frame); the measurement reads from it, as a tracker
 * that knows the camera and the colour code but not how the picture was drawn. The import rules
 * (build/tools/import-rules.mjs) let those two folders import this file of build/render and nothing
 * else, so a change here is a change to what the pixel proof, the picture test and the face check
 * read: run `npx vitest run build/measure build/jobs/check/core` and `npx eye picture` after it.
 *
 * Each item keeps its one home beside the drawing that uses it; this file names it and says why the
 * measurement needs it.
 */

// The mask classes and their colours: the pixel path and the picture test classify every mask pixel
// by the nearest colour (classifyMaskPixel), and read the opening as every `opening` class.
export {
  MASK_BROW,
  MASK_CARUNCLE,
  MASK_COLORS,
  MASK_IRIS,
  MASK_LASH,
  MASK_LID,
  MASK_OPENING,
  MASK_PUPIL,
  MASK_SCLERA,
  MASK_SKIN,
  MASK_TEAR,
  classifyMaskPixel,
  type MaskClassName,
  type MaskColor,
} from './mask-colors.ts';

// The eye frame (mm ↔ px): where the globe centre sits on the canvas and how many px a mm is, so a
// measure turns the mask's pixels back into the twin's millimetres (apertures, pupil, glint, brow).
export { eyeFrame, xMmOf, xPx, yMmOf, yPx, type EyeFrame } from './geometry/eye-frame.ts';

// The brow's shape: where along the brow (u, head → tail) a mask column lies, so the brow's lift read
// from the mask is compared node by node with the model's chain.
export { browUAt } from './geometry/brow-shape.ts';

// The brow's drawn lift: the picture follows the model's lift up to the knee and saturates below the
// max, so the face check holds the model's highest lift under the max (no hair in the top rows) and
// says whether it was drawn as modelled.
export { BROW_DRAWN_LIFT_KNEE_MM, BROW_DRAWN_LIFT_MAX_MM } from './geometry/brow-shape.ts';

// The lash spring: the lashes trail the lid on this spring, stepped and quantised as the renderer
// steps it, so the face check replays the lag a film draws (lashLagAtFrames) and holds its stability
// at every frame rate; lidRollRad is the roll the spring follows.
export { LASH_LAG_HZ, LASH_LAG_QUANTUM_RAD, lashLagAtFrames, lidRollRad } from './layers/lash-lag.ts';

// The catchlight's pose: where the era's light shows on the cornea for a gaze, so the glint found in
// the mask is compared with where the renderer put it (the catchlight's agreement).
export { catchlightCentreMm } from './geometry/catchlight-pose.ts';
