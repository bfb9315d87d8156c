import { hash } from 'node:crypto';

const KEPT = 10_000;
const digests = new Map<string, string>();

/**
 * The first 32 characters of the SHA-256 of `value`, base64url: a stable name for an id that
 * must not itself leave the process (a visitor id is a credential). A send asks for the same
 * few names several times (limits, socket, bus topic, replay log), so they are remembered; the
 * map is emptied when full rather than kept in order, which is enough to bound it.
 */
export function shortDigest(value: string): string {
  let digest = digests.get(value);
  if (digest === undefined) {
    digest = hash('sha256', value, 'base64url').slice(0, 32);
    if (digests.size >= KEPT) digests.clear();
    digests.set(value, digest);
  }
  return digest;
}
