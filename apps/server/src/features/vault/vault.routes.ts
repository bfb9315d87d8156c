import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangeVaultPinRequest,
  EraseVaultRequest,
  ErrorBody,
  OkResponse,
  SetUpVaultRequest,
  UnlockVaultRequest,
  VaultCreated,
  VaultSession,
  VaultStatus,
} from '@parallax/contract';
import { requireUser, userOf } from '../../infra/auth/principal';
import { readOpenVault } from './vault.plugin';
import { VaultLockedOutError } from './vault.service';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  423: ErrorBody,
  429: ErrorBody,
};
const tags = ['vault'];
/** argon2id costs ~19 MiB and tens of ms: unlock-like calls are limited per client too. */
const PIN_CALL_LIMIT = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/** Set-up, unlock, lock, PIN change and reset of the caller's vault. */
export const vaultRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof VaultLockedOutError)
      reply.header('retry-after', String(error.retryAfterSeconds));
  });

  app.get(
    '/vault',
    {
      schema: {
        tags,
        summary: 'Whether the vault is set up, open for this caller, or locked out',
        response: { 200: VaultStatus, ...errors },
      },
    },
    async (request) => {
      const open = await readOpenVault(app, request);
      const status = await app.vault.status(userOf(request).userId, open);
      return { ...status, expires_at: open?.claims.expiresAt.toISOString() ?? null };
    },
  );

  app.post(
    '/vault/setup',
    {
      config: PIN_CALL_LIMIT,
      schema: {
        tags,
        summary: 'Create the vault; the recovery key is in this answer and never again',
        body: SetUpVaultRequest,
        response: { 200: VaultCreated, ...errors },
      },
    },
    async (request) => app.vault.setUp(userOf(request), request.body.pin),
  );

  app.post(
    '/vault/unlock',
    {
      config: PIN_CALL_LIMIT,
      schema: {
        tags,
        summary: 'Open a vault session with the PIN (5 wrong PINs lock it for a while)',
        body: UnlockVaultRequest,
        response: { 200: VaultSession, ...errors },
      },
    },
    async (request) => app.vault.unlock(userOf(request), request.body.pin),
  );

  app.post(
    '/vault/lock',
    {
      schema: {
        tags,
        summary: 'End every vault session of the account, in every process',
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const { userId } = userOf(request);
      await app.vault.lock(userOf(request));
      // An answer still streaming holds the vault key in memory until it ends: Stop it, so
      // the key goes with the session (what it wrote so far stays, sealed).
      const running = await app.chat.records.runningInVault(userId);
      if (running.length > 0) await app.chat.queries.stopAndWait(running);
      return { ok: true as const };
    },
  );

  app.post(
    '/vault/change-pin',
    {
      config: PIN_CALL_LIMIT,
      schema: {
        tags,
        summary: 'Set a new PIN with the current PIN or the recovery key (contents kept)',
        body: ChangeVaultPinRequest,
        response: { 200: VaultSession, ...errors },
      },
    },
    async (request) => app.vault.changePin(userOf(request), request.body),
  );

  app.post(
    '/vault/reset/request-code',
    {
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary: 'Mail a code that resets the PIN by erasing the vault',
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await app.vault.requestResetCode(userOf(request).userId);
      return { ok: true as const };
    },
  );

  app.post(
    '/vault/reset/erase',
    {
      config: PIN_CALL_LIMIT,
      schema: {
        tags,
        summary: 'Erase the vault with the mailed code and set a new PIN',
        body: EraseVaultRequest,
        response: { 200: VaultCreated, ...errors },
      },
    },
    async (request) => app.vault.erase(userOf(request), request.body.code, request.body.new_pin),
  );
};
