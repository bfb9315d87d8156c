import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { VAULT_TOKEN_HEADER } from '@parallax/contract';
import { userOf } from '../../infra/auth/principal';
import { AppError } from '../../infra/errors';
import { VaultRepository } from './vault.repository';
import { VAULT_LOCKED, VaultService, type OpenVault } from './vault.service';
import { VaultSessionTokens } from './vault-session';

/** Also sent with every vault answer: when the renewed session ends without more activity. */
export const VAULT_EXPIRES_HEADER = 'x-vault-expires-at';

declare module 'fastify' {
  interface FastifyInstance {
    /** Vault set-up, sessions and keys; other features ask it whether the vault is open. */
    readonly vault: VaultService;
  }
}

export const vaultPlugin = fp(async (app) => registerVault(app), {
  name: 'vault',
  dependencies: ['attachments'],
  decorators: { fastify: ['sendMailInBackground'] },
});

export function registerVault(app: FastifyInstance): void {
  const { attachments } = app;
  const service = new VaultService({
    vaults: new VaultRepository(app.db),
    tokens: new VaultSessionTokens(app.config.jwtSecret),
    sendMail: app.sendMailInBackground.bind(app),
    serverSecret: app.config.jwtSecret,
    appUrl: app.config.appUrl,
    deleteFiles: (names) => attachments.deleteFiles(names),
  });
  app.decorate('vault', service);
}

function tokenOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[VAULT_TOKEN_HEADER];
  return typeof raw === 'string' && raw.length > 0 ? raw : undefined;
}

/** The open vault of a signed-in caller's request, or null while locked (nothing renewed). */
export function readOpenVault(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<OpenVault | null> {
  const principal = request.principal;
  if (principal?.kind !== 'user') return Promise.resolve(null);
  return app.vault.authorize(principal, tokenOf(request));
}

/**
 * The open vault of a request that needs it (423 while locked), its session renewed in the
 * answer's headers: vault activity keeps the vault open.
 */
export async function requireOpenVault(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<OpenVault> {
  const open = await app.vault.authorize(userOf(request), tokenOf(request));
  if (open === null) throw new AppError('vault_locked', VAULT_LOCKED);
  const renewed = app.vault.renew(open);
  reply.header(VAULT_TOKEN_HEADER, renewed.vault_token);
  reply.header(VAULT_EXPIRES_HEADER, renewed.expires_at);
  return open;
}
