/** The report's plot sizes and colours, in one place (every plot reads them from here). */
export const PLOT_STYLE = {
  width: 720,
  height: 220,
  smallWidth: 340,
  smallHeight: 170,
  /** Room for a y tick like 0.9985 or 2,000. */
  smallMarginLeft: 52,
  yaw: '#1f5fa8',
  pitch: '#c2571a',
  aperture: '#2f7d4a',
  saccade: '#f2c14e',
  microsaccade: '#9b7fd1',
  blink: '#9aa0a6',
  fit: '#c0392b',
  pixel: '#d1495b',
  model: '#30343f',
} as const;
