import type { User } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** A users/me body (GET or PATCH), checked against the contract. */
export function parseUser(data: unknown): User {
  return parseWire('User', data);
}

/** GET /api/v1/users/me (spec §7). */
export async function getCurrentUser(): Promise<User> {
  const res = await http.get<unknown>('/users/me');
  return parseUser(res.data);
}
