import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses an outbound call set by the admin console (or a credential it stores) must not
 * reach: this host, the private networks, link-local (cloud metadata at 169.254.169.254),
 * carrier-grade NAT (Alibaba's metadata at 100.100.100.200), unique-local IPv6 (AWS's IPv6
 * metadata at fd00:ec2::254), multicast, and the reserved and translation ranges.
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // The unspecified address, loopback and the deprecated IPv4-compatible form (::a.b.c.d).
  ['::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2001:db8::', 32],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

/**
 * Addresses never reached from a user's URL, whatever the admin allows: link-local (cloud
 * metadata at 169.254.169.254, fe80::/10), the metadata hosts outside it (Alibaba's
 * 100.100.100.200, AWS's IPv6 fd00:ec2::254), "this network", multicast and the reserved range.
 */
const NEVER = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['100.100.100.200', 32],
  ['169.254.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NEVER.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['fd00:ec2::254', 128],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NEVER.addSubnet(net, prefix, 'ipv6');

function checkAddress(list: BlockList, address: string): boolean {
  const family = isIP(address);
  if (family === 4) return list.check(address, 'ipv4');
  if (family !== 6) return true;
  // IPv4-mapped addresses (::ffff:10.0.0.1, 0:0:0:0:0:ffff:a00:1) reach the IPv4 address they
  // carry; the URL parser writes every spelling as ::ffff:hhhh:hhhh.
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(canonical);
  if (mapped) {
    const high = parseInt(mapped[1] ?? '0', 16);
    const low = parseInt(mapped[2] ?? '0', 16);
    return list.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
  }
  return list.check(address, 'ipv6');
}

/** Whether an IP literal is private, loopback, link-local or otherwise not a public host. */
export function isPrivateAddress(address: string): boolean {
  return checkAddress(BLOCKED, address);
}

/** Whether an IP literal is refused even where private networks are allowed (see NEVER). */
export function isNeverReachable(address: string): boolean {
  return checkAddress(NEVER, address);
}

/** The addresses a guard refuses: every private one, or only the never-reachable ones. */
export type AddressRefusal = (address: string) => boolean;

/** Every address a host name resolves to (tests pass their own to simulate DNS). */
export type Resolve = (host: string) => Promise<string[]>;

export const resolveAll: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
