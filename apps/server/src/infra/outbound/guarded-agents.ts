import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, Socket, type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import { isPrivateAddress, type AddressRefusal, type Resolve } from './address-policy';
import { privateAddressRefusal } from './outbound-refused';

/**
 * Keep-alive pooling, most recently used socket first, as Node's global agent pools; an idle
 * socket is kept a minute (the global agent's 5 s would close it). The providers' fronts keep
 * an idle connection for minutes (Cloudflare, in front of OpenAI and Anthropic, 400 s), so a
 * send after a quiet spell, or the 50 sends of a burst, reuse connections instead of each
 * paying a TCP and TLS handshake before its request leaves: on this machine, new connections
 * to the sim made a burst of 50 sends add 39 ms p50 to time to first token instead
 * of 25 (BENCHMARKS.md, issue 33). Shorter than the fronts' limit, so this side closes first.
 */
const POOLED = { keepAlive: true, scheduling: 'lifo', timeout: 60_000 } as const;

function wantedFamily(family: number | string | undefined): 0 | 4 | 6 {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
}

/**
 * net.connect's `lookup`, checking every address a name resolves to when the socket connects:
 * the check and the connection use the same answer, so a name that resolved to a public
 * address when it was saved and to a private one now is refused now (DNS rebinding included).
 */
export function guardedLookup(
  resolve: Resolve,
  refuses: AddressRefusal = isPrivateAddress,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find(refuses);
        if (refused !== undefined) return callback(privateAddressRefusal(hostname, refused), '');
        const family = wantedFamily(options.family);
        const usable: LookupAddress[] = addresses
          .map((address) => ({ address, family: isIP(address) }))
          .filter((a) => a.family !== 0 && (family === 0 || a.family === family));
        const first = usable[0];
        if (first === undefined) {
          const notFound = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
            code: 'ENOTFOUND',
            hostname,
          });
          return callback(notFound, '');
        }
        if (options.all === true) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), ''),
    );
  };
}

/**
 * An IP literal never goes through `lookup`: a socket for a private one fails before it
 * connects, with the refusal as its error (the request reports it like any socket error).
 */
function refusedLiteral(
  host: string | null | undefined,
  refuses: AddressRefusal,
): Socket | undefined {
  const bare = (host ?? '').replace(/^\[|\]$/g, '');
  if (isIP(bare) === 0 || !refuses(bare)) return undefined;
  const socket = new Socket();
  process.nextTick(() => socket.destroy(privateAddressRefusal(bare, bare)));
  return socket;
}

class GuardedHttpAgent extends http.Agent {
  constructor(
    options: http.AgentOptions,
    private readonly refuses: AddressRefusal,
  ) {
    super(options);
  }

  override createConnection(
    options: http.ClientRequestArgs,
    callback?: (err: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    return refusedLiteral(options.host, this.refuses) ?? super.createConnection(options, callback);
  }
}

class GuardedHttpsAgent extends https.Agent {
  constructor(
    options: https.AgentOptions,
    private readonly refuses: AddressRefusal,
  ) {
    super(options);
  }

  override createConnection(
    options: https.RequestOptions,
    callback?: (err: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    return refusedLiteral(options.host, this.refuses) ?? super.createConnection(options, callback);
  }
}

export interface AgentPair {
  http: http.Agent;
  https: https.Agent;
}

/** Pooled agents that connect anywhere (the operator's own upstreams). */
export function openAgents(): AgentPair {
  return { http: new http.Agent(POOLED), https: new https.Agent(POOLED) };
}

/**
 * Pooled agents that refuse to connect to a refused address (by default every private one),
 * however the host was named.
 */
export function guardedAgents(
  resolve: Resolve,
  refuses: AddressRefusal = isPrivateAddress,
): AgentPair {
  const lookup = guardedLookup(resolve, refuses);
  return {
    http: new GuardedHttpAgent({ ...POOLED, lookup }, refuses),
    https: new GuardedHttpsAgent({ ...POOLED, lookup }, refuses),
  };
}
