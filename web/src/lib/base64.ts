// UTF-8 safe base64, used for every base64 query value (docs/web.md: keywords, name, style, id, ids, type, keyword, img).

/** Encodes text as base64 of its UTF-8 bytes. */
export function encodeBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * Decodes base64 (standard or URL-safe, padding optional) holding UTF-8 text.
 * A '+' turned into a space by a query string is accepted. Returns null for anything that is not valid base64 of valid UTF-8.
 */
export function decodeBase64(value: string | null | undefined): string | null {
  if (value == null) return null;
  let s = value.trim().replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(s)) return null;
  s = s.replace(/=+$/, '');
  if (s.length % 4 === 1) return null;
  s += '='.repeat((4 - (s.length % 4)) % 4);
  try {
    const binary = atob(s);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
