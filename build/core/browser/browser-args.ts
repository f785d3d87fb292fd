/**
 * The flags that keep every page of the browser off the network, each measured against a hostile page
 * reaching for a listener on 127.0.0.1 (build/testing/faults/faults-network.test.ts; Chromium 156,
 * headless shell). CDP's Fetch domain sees fetch, <img> and navigations but not a WebSocket, and no
 * page-level hook sees WebRTC, a popup or a worker's own target:
 * - every host name and IP literal resolves to nothing (this alone stopped TCP of every kind, the
 *   proxy's own address included);
 * - behind that, every request goes through a proxy at port 0, where nothing can ever listen, with
 *   loopback no longer bypassed (Chromium sends 127.0.0.1 and localhost direct unless told `<-loopback>`);
 * - WebRTC may use no UDP but through that proxy, which has none: no STUN packet leaves (the chrome
 *   switch --webrtc-ip-handling-policy is ignored by the headless shell; this is the one it reads).
 * With `framePort`, one hole: the render's own frame server (build/node/browser/frame-server.ts) on
 * 127.0.0.1 at that port. Then 127.0.0.1 alone resolves, and only that port bypasses the dead proxy;
 * every other address and port still goes to port 0 (the test aims the hostile page at another
 * listener on 127.0.0.1 through these flags, and at the frame server, which takes only awaited frames).
 */
export function networkRefusalArgs(framePort: number | null): string[] {
  if (framePort !== null && !(Number.isInteger(framePort) && framePort > 0 && framePort < 65536)) throw new Error(`frame port ${framePort}: expected 1-65535`);
  const hole = framePort !== null;
  return [
    `--host-resolver-rules=${hole ? 'EXCLUDE 127.0.0.1, ' : ''}MAP * ~NOTFOUND`,
    '--proxy-server=127.0.0.1:0',
    `--proxy-bypass-list=<-loopback>${hole ? `;127.0.0.1:${framePort}` : ''}`,
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  ];
}

/** The refusal's flag names ("--name="), read from networkRefusalArgs itself so the two cannot drift. */
const REFUSAL_FLAG_NAMES = networkRefusalArgs(null).map((f) => f.slice(0, f.indexOf('=') + 1));

/** Whether a flag is one of the refusal's (to launch a browser without them: the faults test's control, the capture spike). */
export function isNetworkRefusalArg(flag: string): boolean {
  return REFUSAL_FLAG_NAMES.some((p) => flag.startsWith(p));
}

/**
 * Chromium's command line. `deterministic` adds --deterministic-mode (headless shell: begin-frame
 * control, all compositor stages before draw, no threaded animation): frames are made only when
 * Node sends HeadlessExperimental.beginFrame, so a frame is exactly the state Node asked for; on the
 * canvas capture path none is ever sent, and the compositor does no work at all.
 */
export function browserArgs(o: { userDataDir: string; width: number; height: number; deterministic: boolean; framePort?: number | null }): string[] {
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
    ...networkRefusalArgs(o.framePort ?? null),
    `--user-data-dir=${o.userDataDir}`,
    `--window-size=${o.width},${o.height}`,
    ...(o.deterministic ? ['--deterministic-mode'] : []),
  ];
}
