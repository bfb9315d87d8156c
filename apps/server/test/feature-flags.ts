import type { FastifyInstance } from 'fastify';

/** TEMP until the flags API lands. */
export async function setTwoFactorFlag(_app: FastifyInstance, _on: boolean): Promise<void> {}
