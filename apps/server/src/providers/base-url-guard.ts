import { isIP } from 'node:net';
import { isPrivateAddress, resolveAll, type Resolve } from '../infra/outbound/address-policy';

export type { Resolve };

/** A refused URL, with the message shown to the admin (it names the field). */
export class BaseUrlRefused extends Error {
  override readonly name = 'BaseUrlRefused';
}

/**
 * The URL as it will be stored (no trailing slash), or a BaseUrlRefused naming `field`: https
 * only, no credentials in it, and neither its host nor any address the host resolves to may be
 * private unless `allowPrivate` (ALLOW_PRIVATE_PROVIDER_URLS), which also allows http. Checked
 * when an admin saves it, to say so at once; the outbound client checks again at every
 * connection (a name may resolve elsewhere later).
 */
export async function checkProviderBaseUrl(
  raw: string,
  allowPrivate: boolean,
  resolve: Resolve = resolveAll,
  field = 'base_url',
): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BaseUrlRefused(`${field}: not a valid URL`);
  }
  const scheme = url.protocol.replace(/:$/, '');
  if (scheme !== 'https' && !(allowPrivate && scheme === 'http'))
    throw new BaseUrlRefused(`${field}: must start with https://`);
  if (url.username || url.password)
    throw new BaseUrlRefused(`${field}: must not contain a user name or password`);
  if (url.search || url.hash)
    throw new BaseUrlRefused(`${field}: must not contain a query or fragment`);
  const normalised = url.toString().replace(/\/+$/, '');
  if (allowPrivate) return normalised;

  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await resolve(host).catch(() => undefined);
  if (addresses === undefined || addresses.length === 0)
    throw new BaseUrlRefused(`${field}: the host ${host} does not resolve`);
  if (addresses.some(isPrivateAddress))
    throw new BaseUrlRefused(
      `${field}: must not point at a private, loopback or link-local address`,
    );
  return normalised;
}
