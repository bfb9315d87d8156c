import { isIP } from 'node:net';
import { isNeverReachable, resolveAll, type Resolve } from '../../infra/outbound/address-policy';
import { OutboundClient, type OutboundRoute } from '../../infra/outbound/outbound-client';
import { OutboundRefused } from '../../infra/outbound/outbound-refused';
import { BaseUrlRefused, checkProviderBaseUrl } from '../../providers/base-url-guard';

/**
 * A user's server URL as stored, or a BaseUrlRefused naming `url`. While the admin's allowance
 * is off: https and public addresses only. While on: http and private or loopback addresses
 * too, but never a link-local or metadata address (169.254.169.254 and the like).
 */
export async function checkUserServerUrl(
  raw: string,
  allowPrivate: boolean,
  resolve: Resolve = resolveAll,
): Promise<string> {
  const url = await checkProviderBaseUrl(raw, allowPrivate, resolve, 'url');
  if (!allowPrivate) return url;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await resolve(host).catch(() => undefined);
  if (addresses === undefined || addresses.length === 0)
    throw new BaseUrlRefused(`url: the host ${host} does not resolve`);
  if (addresses.some(isNeverReachable))
    throw new BaseUrlRefused('url: must not point at a link-local or cloud metadata address');
  return url;
}

/** Users' servers' outbound traffic: which guard applies is asked at every request. */
export class McpUserRoutes {
  readonly route: OutboundRoute;
  readonly #strict: OutboundClient;
  readonly #private: OutboundClient;

  constructor(
    /** The admin's allowance, read from the database each time (no cache across processes). */
    private readonly privateAllowed: () => Promise<boolean>,
    resolve?: Resolve,
  ) {
    const dns = resolve && { resolve };
    this.#strict = new OutboundClient({ allowPrivate: false, ...dns });
    // Guarded still, but only against the never-reachable addresses.
    this.#private = new OutboundClient({ allowPrivate: false, refuses: isNeverReachable, ...dns });
    this.route = {
      open: async (url, init) => (await this.#pick(url)).open(url, init),
      fetch: async (url, init, maxBytes) => (await this.#pick(url)).fetch(url, init, maxBytes),
    };
  }

  /**
   * Each request chooses its pool, so a socket opened while the allowance was on is never
   * reused once it is off: the strict pool opens its own and refuses the private address.
   */
  async #pick(url: string): Promise<OutboundRoute> {
    if (await this.privateAllowed()) return this.#private.configured;
    if (!url.startsWith('https:'))
      throw new OutboundRefused(
        `${new URL(url).host}: http addresses are not allowed for users' servers`,
      );
    return this.#strict.configured;
  }

  close(): void {
    this.#strict.close();
    this.#private.close();
  }
}
