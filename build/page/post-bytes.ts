/** Base64 text to its bytes (Uint8Array.fromBase64 where the browser has it: native, one copy). */
export function fromBase64(text: string): Uint8Array {
  const native = (Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array }).fromBase64;
  if (native) return native.call(Uint8Array, text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Bytes to base64 text (Uint8Array.prototype.toBase64 where the browser has it: native). */
export function toBase64(bytes: Uint8Array): string {
  const native = (bytes as unknown as { toBase64?: () => string }).toBase64;
  if (native) return native.call(bytes);
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * POST `bytes` to `url` and resolve to their length once it has answered. Sent as a Blob, not the array
 * itself: with CDP's Network domain on (the render watches every request), DevTools copies a bytes body
 * into its events, ~350 CPU-ms a 720p frame, and a Blob's it does not (docs/speed-capture.md). No-cors:
 * the page learns nothing from the answer but that it came; Node checks what arrived.
 */
export async function postBytes(url: string, bytes: Uint8Array): Promise<number> {
  await fetch(url, { method: 'POST', mode: 'no-cors', credentials: 'omit', cache: 'no-store', body: new Blob([bytes as Uint8Array<ArrayBuffer>]) });
  return bytes.length;
}
