import type { FilmMetrics } from '../measure/film-metrics.ts';

/** A plausible 20-s film's numbers, with the fields a test cares about set. */
export function filmFixture(over: Partial<FilmMetrics>): FilmMetrics {
  return {
    durationS: 20,
    saccadesPerS: 1,
    microsaccadesPerS: 0,
    blinksPerMin: 12,
    meanFixationMs: 800,
    fixationCensoredOnly: false,
    meanBlinkIntervalS: 5,
    blinkEpisodes: 4,
    medianPitchDeg: -2,
    largeSaccadesPerMin: 0,
    ...over,
  };
}
