/**
 * Waits for this machine's network to hold still before a browser uses it.
 *
 * Starting containers adds a bridge and virtual links to the host; their IPv6
 * addresses stay "tentative" for a second or two (duplicate address detection)
 * and then change. Chromium watches the host's addresses and fails any request
 * in flight when one changes (net::ERR_NETWORK_CHANGED), so a suite that opens
 * its first page the moment its containers answer can lose that page to the
 * host (seen in fresh-clone CI). This waits until no address is tentative and
 * none has changed for a while, bounded in time: after the bound the suite goes
 * on, as it did before.
 */
import { readFileSync } from "node:fs";
import { networkInterfaces } from "node:os";

/** IFA_F_TENTATIVE, in /proc/net/if_inet6's flags column. */
const TENTATIVE = 0x40;

/** The host's addresses, and whether any is still tentative. */
export function networkSnapshot(
  ifInet6 = readIfInet6(),
  interfaces = networkInterfaces(),
): { key: string; tentative: boolean } {
  const tentative = ifInet6
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .some((columns) => columns.length === 6 && (parseInt(columns[4]!, 16) & TENTATIVE) !== 0);
  const addresses = Object.entries(interfaces)
    .flatMap(([name, list]) => (list ?? []).map((a) => `${name} ${a.address}`))
    .sort();
  return { key: `${addresses.join("\n")}\n--\n${ifInet6}`, tentative };
}

function readIfInet6(): string {
  try {
    return readFileSync("/proc/net/if_inet6", "utf8");
  } catch {
    return ""; // not Linux, or no IPv6: the interfaces alone tell
  }
}

export async function hostNetworkSettled({
  quietMs = 2000,
  timeoutMs = 20_000,
  pollMs = 100,
  snapshot = () => networkSnapshot(),
} = {}): Promise<{ settled: boolean; waitedMs: number }> {
  const started = Date.now();
  let last = snapshot();
  let stillSince = Date.now();
  while (Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    const now = snapshot();
    if (now.key !== last.key || now.tentative) stillSince = Date.now();
    last = now;
    if (Date.now() - stillSince >= quietMs)
      return { settled: true, waitedMs: Date.now() - started };
  }
  return { settled: false, waitedMs: Date.now() - started };
}
