/**
 * What an image is, from its first bytes, and what to answer it as, from the
 * client's `Accept`. Pure functions: the optimizer trusts neither a file's
 * name nor a remote server's `Content-Type`.
 */

export type SourceType = "jpeg" | "png" | "gif" | "webp" | "avif" | "svg";
export type ModernFormat = "avif" | "webp";
export const MODERN_FORMATS: readonly ModernFormat[] = ["avif", "webp"];

export const CONTENT_TYPE_OF: Readonly<Record<SourceType, string>> = {
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
};

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((byte, i) => bytes[at + i] === byte);
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/**
 * The type of an image from its signature, or null for anything else (which
 * is never handed to the image library). SVG is recognised only to be passed
 * through as it is, never rasterised.
 */
export function sniffImageType(bytes: Uint8Array): SourceType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 4, 8) === "ftyp" && /^avi[fs]$/.test(ascii(bytes, 8, 12))) return "avif";
  // Text: an optional BOM, XML declaration, comments or doctype, then <svg.
  const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 1024));
  if (
    /^(\uFEFF)?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head)
  ) {
    return "svg";
  }
  return null;
}

/** A PNG with an `acTL` chunk before its image data is animated (APNG). */
export function isAnimatedPng(bytes: Uint8Array): boolean {
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length =
      ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
    const type = ascii(bytes, at + 4, at + 8);
    if (type === "acTL") return true;
    if (type === "IDAT") return false;
    at += 12 + length;
  }
  return false;
}

/** Whether `Accept` names this exact type with a non-zero q (wildcards do not count). */
function accepts(accept: string, type: string): boolean {
  for (const range of accept.split(",")) {
    const [name, ...params] = range.split(";");
    if (name!.trim().toLowerCase() !== type) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * The modern format to answer in: the first of the enabled ones the client
 * names in `Accept`, or null, when the answer keeps the source's own format.
 * A wildcard is no promise: old browsers send `*\/*` and cannot show WebP.
 */
export function preferredFormat(
  accept: string | undefined,
  enabled: readonly ModernFormat[],
): ModernFormat | null {
  return acceptedFormats(accept, enabled)[0] ?? null;
}

/**
 * Every enabled modern format the client names in `Accept`, in the order of
 * preference: the ones to fall back on when the first costs more memory than
 * the optimizer has (cost.ts).
 */
export function acceptedFormats(
  accept: string | undefined,
  enabled: readonly ModernFormat[],
): ModernFormat[] {
  if (!accept) return [];
  return enabled.filter((format) => accepts(accept, `image/${format}`));
}
