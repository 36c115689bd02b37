/** How every browser test here launches Chromium: the Playwright suite and the container tests. */
import { existsSync } from "node:fs";

/** Debian's Chromium when present (nothing is downloaded); otherwise Playwright's own. */
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  // A container's /dev/shm is 64 MB by default: too small for Chromium.
  "--disable-dev-shm-usage",
];

/**
 * The certificate an HTTPS origin presents, read without checking it: for a
 * test's own proxy, or a deployment the caller said to trust (the smoke image's
 * --insecure).
 */
export async function presentedCertificate(origin: string) {
  const { connect } = await import("node:tls");
  const { X509Certificate } = await import("node:crypto");
  const url = new URL(origin);
  const raw = await new Promise<Buffer>((resolve, reject) => {
    const socket = connect(
      {
        host: url.hostname,
        port: Number(url.port || 443),
        servername: /^[\d.]+$|:/.test(url.hostname) ? undefined : url.hostname,
        rejectUnauthorized: false,
        timeout: 10_000,
      },
      () => {
        resolve(socket.getPeerCertificate().raw);
        socket.end();
      },
    );
    socket.on("timeout", () => socket.destroy(new Error(`${origin}: no TLS handshake in 10 s`)));
    socket.on("error", reject);
  });
  return new X509Certificate(raw);
}

/**
 * Its public key, as Chromium's `--ignore-certificate-errors-spki-list` takes it
 * (base64 of the SHA-256 of the SubjectPublicKeyInfo).
 */
export async function presentedKey(origin: string): Promise<string> {
  const { createHash } = await import("node:crypto");
  const spki = (await presentedCertificate(origin)).publicKey.export({
    type: "spki",
    format: "der",
  });
  return createHash("sha256").update(spki).digest("base64");
}

/**
 * Chromium's flags that trust the keys in E2E_TRUSTED_KEYS (comma-separated,
 * from presentedKey). Unlike ignoring certificate errors, this makes the origin
 * a secure one in every respect: its files are cached, prefetches kept, HTTP/2
 * used, as for a site with a certificate from a public CA.
 */
export function trustedKeyArgs(keys = process.env.E2E_TRUSTED_KEYS): string[] {
  return keys ? [`--ignore-certificate-errors-spki-list=${keys}`] : [];
}
