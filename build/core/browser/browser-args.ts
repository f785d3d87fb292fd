/**
 * Chromium's command line. `deterministic` adds --deterministic-mode (headless shell: begin-frame
 * control, all compositor stages before draw, no threaded animation): frames are made only when
 * Node sends HeadlessExperimental.beginFrame, so a frame is exactly the state Node asked for; on the
 * canvas capture path none is ever sent, and the compositor does no work at all.
 */
export function browserArgs(o: { userDataDir: string; width: number; height: number; deterministic: boolean }): string[] {
  return [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--hide-scrollbars',
    '--mute-audio',
    '--force-color-profile=srgb',
    `--user-data-dir=${o.userDataDir}`,
    `--window-size=${o.width},${o.height}`,
    ...(o.deterministic ? ['--deterministic-mode'] : []),
  ];
}
