import type { FastifyInstance } from 'fastify';

/**
 * Sets the 2FA flag the way an admin's PUT /admin/feature-flags/two_factor does (through the
 * flags service, which every process reads from the database).
 */
export async function setTwoFactorFlag(app: FastifyInstance, on: boolean): Promise<void> {
  await app.featureFlags.set('two_factor', on, 'test-admin');
}
