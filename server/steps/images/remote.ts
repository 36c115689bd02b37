/**
 * Fetches a remote image source, as the configuration allows and no further:
 * only from allowlisted origins (redirects included, at most three), only
 * from public addresses (checked on the address actually connected to, so a
 * name that resolves differently the second time cannot slip through), within
 * a byte cap and a time limit.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "./address.ts";
import { ImageSourceError } from "./errors.ts";

export interface RemoteFetchPolicy {
  /** Whether a source (a redirect's too) may be fetched: request.ts's remoteSourceAllowed. */
  readonly allowed: (url: URL) => boolean;
  readonly maxBytes: number;
  readonly timeoutMs: number;
  /** IMAGE_REMOTE_ALLOW_PRIVATE: for an intranet image server, and tests. */
  readonly allowPrivateAddresses: boolean;
}

const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

class NonPublicAddressError extends Error {}

/** dns.lookup, refusing names that resolve to any non-public address. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    const refused = addresses.find(({ address }) => !isPublicAddress(address));
    if (refused) {
      return callback(
        new NonPublicAddressError(`${hostname} resolves to ${refused.address}`),
        "",
        0,
      );
    }
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    } else {
      callback(null, addresses[0]!.address, addresses[0]!.family);
    }
  });
};

function get(url: URL, policy: RemoteFetchPolicy, signal: AbortSignal): Promise<IncomingMessage> {
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (!policy.allowPrivateAddresses && isIP(literal) !== 0 && !isPublicAddress(literal)) {
    throw new ImageSourceError(400, `remote source ${url.origin} is not a public address`);
  }
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: "GET",
      headers: { accept: "image/*", "user-agent": "rr-ssr-shell image optimizer" },
      signal,
      agent: false,
      ...(!policy.allowPrivateAddresses && { lookup: publicOnlyLookup }),
    });
    req.once("response", resolve);
    req.once("error", reject);
    req.end();
  });
}

async function readCapped(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers["content-length"]);
  if (declared > maxBytes) {
    res.destroy();
    throw new ImageSourceError(502, `remote source is larger than ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      res.destroy();
      throw new ImageSourceError(502, `remote source is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function explain(error: unknown, url: URL, signal: AbortSignal): ImageSourceError {
  if (error instanceof ImageSourceError) return error;
  if (signal.aborted) return new ImageSourceError(504, `remote source ${url.origin} timed out`);
  if (error instanceof NonPublicAddressError) {
    return new ImageSourceError(
      400,
      `remote source refused: ${error.message}, not a public address`,
    );
  }
  return new ImageSourceError(
    502,
    `remote source ${url.origin} failed: ${(error as NodeJS.ErrnoException).code ?? "error"}`,
  );
}

/** @throws ImageSourceError: 400 refused by policy, 502 upstream failed, 504 timed out. */
export async function fetchRemoteImage(url: URL, policy: RemoteFetchPolicy): Promise<Buffer> {
  const signal = AbortSignal.timeout(policy.timeoutMs);
  let current = url;
  try {
    for (let redirects = 0; ; redirects++) {
      const res = await get(current, policy, signal);
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status) && res.headers.location) {
        res.resume();
        if (redirects === MAX_REDIRECTS) {
          throw new ImageSourceError(
            502,
            `remote source redirected more than ${MAX_REDIRECTS} times`,
          );
        }
        const next = new URL(res.headers.location, current);
        if (!policy.allowed(next)) {
          throw new ImageSourceError(
            400,
            `remote source redirected to ${next.origin}, which is not in IMAGE_REMOTE_ORIGINS or the site's images.remotePatterns`,
          );
        }
        current = next;
        continue;
      }
      if (status !== 200) {
        res.resume();
        throw new ImageSourceError(502, `remote source answered ${status}`);
      }
      return await readCapped(res, policy.maxBytes);
    }
  } catch (error) {
    throw explain(error, current, signal);
  }
}
