import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@parallax/contract';
import { isAppError } from '../errors';
import { requireAdmin, requireUser, requireUserOrVisitor, type Principal } from './principal';

const requestAs = (principal: Principal) => ({ principal }) as FastifyRequest;
const user: Principal = { kind: 'user', userId: 'u', role: 'user', sessionId: 's' };
const admin: Principal = { kind: 'user', userId: 'a', role: 'admin', sessionId: 's' };
const visitor: Principal = { kind: 'visitor', visitorId: `visitor_${'v'.repeat(24)}` };

async function statusOf(
  hook: (r: FastifyRequest) => Promise<void>,
  principal: Principal,
): Promise<number> {
  try {
    await hook(requestAs(principal));
    return 200;
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.status === 403) expect(error.detail).toBe(MESSAGES.forbidden);
    return error.status;
  }
}

describe('route guards', () => {
  it('requireUser lets only signed-in users through', async () => {
    expect(await statusOf(requireUser, user)).toBe(200);
    expect(await statusOf(requireUser, visitor)).toBe(401);
    expect(await statusOf(requireUser, null)).toBe(401);
  });

  it('requireAdmin answers 403 with the spec text for a non-admin', async () => {
    expect(await statusOf(requireAdmin, admin)).toBe(200);
    expect(await statusOf(requireAdmin, user)).toBe(403);
    expect(await statusOf(requireAdmin, null)).toBe(401);
  });

  it('requireUserOrVisitor refuses only anonymous callers', async () => {
    expect(await statusOf(requireUserOrVisitor, visitor)).toBe(200);
    expect(await statusOf(requireUserOrVisitor, user)).toBe(200);
    expect(await statusOf(requireUserOrVisitor, null)).toBe(401);
  });
});
