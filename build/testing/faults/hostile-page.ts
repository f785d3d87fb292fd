/**
 * Script that reaches for 127.0.0.1 in every way a page can (a fault-suite case each): fetch, an image,
 * a WebSocket (by IP and by localhost), an EventSource, a beacon, prefetch / preconnect / preload /
 * dns-prefetch links, a worker's own fetch, an iframe, a popup, a service worker, and WebRTC: ICE
 * through a STUN server (UDP) and a TURN server over TCP. Each is tried whatever the others do; the
 * expression resolves once all are under way.
 */
export function hostileScript(tcpPort: number, udpPort: number): string {
  const http = `http://127.0.0.1:${tcpPort}`;
  const tries = [
    `fetch('${http}/fetch').catch(() => 0)`,
    `new Image().src = '${http}/img'`,
    `new WebSocket('ws://127.0.0.1:${tcpPort}/websocket')`,
    `new WebSocket('ws://localhost:${tcpPort}/websocket-localhost')`,
    `new EventSource('${http}/eventsource')`,
    `navigator.sendBeacon('${http}/beacon', 'x')`,
    `for (const rel of ['prefetch', 'preconnect', 'preload', 'dns-prefetch']) { const l = document.createElement('link'); l.rel = rel; l.as = 'image'; l.href = '${http}/' + rel; document.head.appendChild(l); }`,
    `new Worker(URL.createObjectURL(new Blob(["fetch('${http}/worker').catch(() => 0)"])))`,
    `document.body.appendChild(Object.assign(document.createElement('iframe'), { src: '${http}/iframe' }))`,
    `window.open('${http}/popup')`,
    `navigator.serviceWorker && navigator.serviceWorker.register('${http}/sw.js').catch(() => 0)`,
    `(async () => { const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${udpPort}' }] }); pc.createDataChannel('x'); await pc.setLocalDescription(await pc.createOffer()); })()`,
    `(async () => { const pc = new RTCPeerConnection({ iceServers: [{ urls: 'turn:127.0.0.1:${tcpPort}?transport=tcp', username: 'u', credential: 'p' }] }); pc.createDataChannel('x'); await pc.setLocalDescription(await pc.createOffer()); })()`,
  ];
  return `Promise.allSettled([${tries.map((t) => `(async () => { ${t}; })()`).join(', ')}]).then(() => 'tried')`;
}

/** The same as a whole page that runs it on load (the report's load test opens pages from disk). */
export function hostilePage(tcpPort: number, udpPort: number): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>hostile</title></head><body><script>${hostileScript(tcpPort, udpPort)}</script></body></html>`;
}
