/**
 * Which network addresses a remote image may be fetched from: public unicast
 * only. A remote source on the allowlist whose name resolves to loopback,
 * a private range, link-local (cloud metadata at 169.254.169.254) or any
 * other special-purpose block is refused, as it would let a page make the
 * server reach inside its own network.
 */
import { BlockList, isIP } from "node:net";

// IANA's special-purpose registries (RFC 6890 and successors).
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback, IPv4-compatible (deprecated)
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address an IPv6 address carries (mapped, NAT64 or 6to4), if any. */
function embeddedIpv4(address: string): string | null {
  const mapped = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/i.exec(address);
  const parts = hex ?? sixToFour;
  if (!parts) return null;
  const high = parseInt(parts[1]!, 16);
  const low = parseInt(parts[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Whether a server may fetch from this address (a literal IPv4 or IPv6 address). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, "ipv4");
  if (family !== 6) return false;
  const ipv4 = embeddedIpv4(address);
  if (ipv4 !== null) return isPublicAddress(ipv4);
  return !NOT_PUBLIC.check(address, "ipv6");
}
