/** Which picture a frame draws: the film itself, or the flat-colour mask the pixel path measures. */
export type RenderPass = 'color' | 'mask';
