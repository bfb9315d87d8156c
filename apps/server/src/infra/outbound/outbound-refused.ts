/**
 * The outbound guard refused a call: the address connected to (or a redirect's) is private,
 * or a redirect left http(s). The message is ours, names the host and the address, and is shown
 * to the admin (connection test); it never carries the request's credentials.
 */
export class OutboundRefused extends Error {
  override readonly name = 'OutboundRefused';
  readonly code = 'EOUTBOUNDREFUSED';
}

export const ALLOW_HINT = 'ALLOW_PRIVATE_PROVIDER_URLS=true allows it for a local upstream';

export function privateAddressRefusal(host: string, address: string): OutboundRefused {
  const where = host === address ? address : `${host} (${address})`;
  return new OutboundRefused(
    `${where} is a private, loopback or link-local address; ${ALLOW_HINT}`,
  );
}
