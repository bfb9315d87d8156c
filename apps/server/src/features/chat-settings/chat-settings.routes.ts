import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChatSettings,
  ChatSettingsResponse,
  CreatePresetRequest,
  ErrorBody,
  IdParams,
  OkResponse,
  Preset,
  PresetsResponse,
  UpdatePresetRequest,
} from '@parallax/contract';
import { chatOwnerOf } from '../../infra/auth/chat-owner';
import { requireUser, requireUserOrVisitor, userOf } from '../../infra/auth/principal';

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody };
const tags = ['chat-settings'];

/**
 * A chat's settings (its owner's: a user's or a visitor's chat; 404 for anyone else's and for
 * vault chats) and a signed-in user's presets.
 */
export const chatSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.chatSettings;

  app.get(
    '/chat/conversations/:id/settings',
    {
      onRequest: requireUserOrVisitor,
      schema: {
        tags,
        summary: "A chat's parameters and system prompt",
        params: IdParams,
        response: { 200: ChatSettingsResponse, ...errors },
      },
    },
    async (request) => ({
      conversation_id: request.params.id,
      settings: await service.get(chatOwnerOf(request), request.params.id),
    }),
  );

  app.put(
    '/chat/conversations/:id/settings',
    {
      onRequest: requireUserOrVisitor,
      schema: {
        tags,
        summary: "Replaces a chat's parameters and system prompt",
        params: IdParams,
        body: ChatSettings,
        response: { 200: ChatSettingsResponse, ...errors },
      },
    },
    async (request) => ({
      conversation_id: request.params.id,
      settings: await service.put(chatOwnerOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/presets',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The caller's presets",
        response: { 200: PresetsResponse, ...errors },
      },
    },
    async (request) => ({ presets: await service.presets(userOf(request).userId) }),
  );

  app.post(
    '/presets',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Saves a preset (model + settings)',
        body: CreatePresetRequest,
        response: { 201: Preset, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service.createPreset(userOf(request).userId, request.body);
    },
  );

  app.patch(
    '/presets/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Renames a preset or makes it the default',
        params: IdParams,
        body: UpdatePresetRequest,
        response: { 200: Preset, ...errors },
      },
    },
    (request) => service.updatePreset(userOf(request).userId, request.params.id, request.body),
  );

  app.delete(
    '/presets/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Deletes a preset',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await service.deletePreset(userOf(request).userId, request.params.id);
      return { ok: true as const };
    },
  );
};
