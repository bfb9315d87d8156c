import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateVaultNoteRequest,
  ErrorBody,
  IdParams,
  OkResponse,
  UpdateVaultNoteRequest,
  VaultNote,
  VaultNotesResponse,
} from '@parallax/contract';
import { requireUser, userOf } from '../../infra/auth/principal';
import { VaultNotesRepository } from './vault-notes.repository';
import { VaultNotesService } from './vault-notes.service';
import { requireOpenVault } from './vault.plugin';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 422: ErrorBody, 423: ErrorBody };
const tags = ['vault'];

/** Secure notes inside the open vault (423 while it is locked). */
export const vaultNotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new VaultNotesService(new VaultNotesRepository(app.db));
  app.addHook('onRequest', requireUser);

  app.get(
    '/vault/notes',
    {
      schema: {
        tags,
        summary: 'The vault’s notes, newest change first',
        response: { 200: VaultNotesResponse, ...errors },
      },
    },
    async (request, reply) => {
      const open = await requireOpenVault(app, request, reply);
      return { notes: await service.list(userOf(request).userId, open.key) };
    },
  );

  app.post(
    '/vault/notes',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Add a note',
        body: CreateVaultNoteRequest,
        response: { 200: VaultNote, ...errors },
      },
    },
    async (request, reply) => {
      const open = await requireOpenVault(app, request, reply);
      return service.create(userOf(request).userId, open.key, request.body);
    },
  );

  app.get(
    '/vault/notes/:id',
    {
      schema: {
        tags,
        summary: 'One note',
        params: IdParams,
        response: { 200: VaultNote, ...errors },
      },
    },
    async (request, reply) => {
      const open = await requireOpenVault(app, request, reply);
      return service.get(userOf(request).userId, open.key, request.params.id);
    },
  );

  app.patch(
    '/vault/notes/:id',
    {
      schema: {
        tags,
        summary: 'Change a note’s title or body',
        params: IdParams,
        body: UpdateVaultNoteRequest,
        response: { 200: VaultNote, ...errors },
      },
    },
    async (request, reply) => {
      const open = await requireOpenVault(app, request, reply);
      return service.update(userOf(request).userId, open.key, request.params.id, request.body);
    },
  );

  app.delete(
    '/vault/notes/:id',
    {
      schema: {
        tags,
        summary: 'Delete a note',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requireOpenVault(app, request, reply);
      await service.delete(userOf(request).userId, request.params.id);
      return { ok: true as const };
    },
  );
};
