import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a provider base URL must not reach (SSRF): this host, the private networks, link-
 * local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast and reserved ranges.
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
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

/** Whether an IP literal is private, loopback, link-local or otherwise not a public host. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  // IPv4-mapped (::ffff:10.0.0.1) and its hex form reach the IPv4 address they carry.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return BLOCKED.check(mapped, 'ipv4');
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hexMapped) {
    const high = parseInt(hexMapped[1] ?? '0', 16);
    const low = parseInt(hexMapped[2] ?? '0', 16);
    return BLOCKED.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
  }
  return BLOCKED.check(address, 'ipv6');
}

export type Resolve = (host: string) => Promise<string[]>;

const resolveAll: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** A refused base URL, with the message shown to the admin (it names the field). */
export class BaseUrlRefused extends Error {
  override readonly name = 'BaseUrlRefused';
}

/**
 * The URL as it will be stored (no trailing slash), or a BaseUrlRefused: https only, no
 * credentials in it, and neither its host nor any address the host resolves to may be private
 * unless `allowPrivate` (ALLOW_PRIVATE_PROVIDER_URLS), which also allows http.
 */
export async function checkProviderBaseUrl(
  raw: string,
  allowPrivate: boolean,
  resolve: Resolve = resolveAll,
): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BaseUrlRefused('base_url: not a valid URL');
  }
  const scheme = url.protocol.replace(/:$/, '');
  if (scheme !== 'https' && !(allowPrivate && scheme === 'http'))
    throw new BaseUrlRefused('base_url: must start with https://');
  if (url.username || url.password)
    throw new BaseUrlRefused('base_url: must not contain a user name or password');
  if (url.search || url.hash)
    throw new BaseUrlRefused('base_url: must not contain a query or fragment');
  const normalised = url.toString().replace(/\/+$/, '');
  if (allowPrivate) return normalised;

  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await resolve(host).catch(() => undefined);
  if (addresses === undefined || addresses.length === 0)
    throw new BaseUrlRefused(`base_url: the host ${host} does not resolve`);
  if (addresses.some(isPrivateAddress))
    throw new BaseUrlRefused(
      'base_url: must not point at a private, loopback or link-local address',
    );
  return normalised;
}
