import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CompareCheckLimitsRequest,
  CompareCheckLimitsResponse,
  CompareContinueRequest,
  CompareContinueResponse,
  CompareListQuery,
  CompareListResponse,
  ComparePanelParams,
  ComparePanelSendRequest,
  ComparePanelSendResponse,
  CompareSession,
  CompareVoteRequest,
  CreateCompareSessionRequest,
  ErrorBody,
  FavouriteRequest,
  IdParams,
  ArenaBattleRequest,
  ArenaSettings,
  ArenaVotersResponse,
  ArenaVotesExportQuery,
  LeaderboardQuery,
  LeaderboardResponse,
  optionalBody,
} from '@parallax/contract';
import { requireAdmin, requireUserOrVisitor } from '../../infra/auth/principal';
import { chatOwnerOf } from '../../infra/auth/chat-owner';
import { liveConnectionOf } from '../../realtime/live-connection';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
  503: ErrorBody,
};
const tags = ['compare'];
const BASE = '/compare/sessions';

/** Compare: sessions, panel sends, votes, "continue with this one", leaderboard. */
export const compareRoutes: FastifyPluginAsyncZod = async (app) => {
  const { compare: service, leaderboard, arenaAdmin, arenaBattles } = app;
  app.addHook('onRequest', requireUserOrVisitor);

  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: 'List comparisons (search over titles, prompts and answers)',
        querystring: CompareListQuery,
        response: { 200: CompareListResponse, ...errors },
      },
    },
    (request) => service.list(chatOwnerOf(request), request.query),
  );

  app.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Create a comparison (idempotent on comparison_id)',
        body: CreateCompareSessionRequest,
        response: { 201: CompareSession, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(chatOwnerOf(request), request.body)),
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'One comparison with its panels and every turn',
        params: IdParams,
        response: { 200: CompareSession, ...errors },
      },
    },
    (request) => service.get(chatOwnerOf(request), request.params.id),
  );

  app.post(
    `${BASE}/:id/panels/:panel/messages`,
    {
      schema: {
        tags,
        summary: "Send (or retry) one panel's turn through the chat pipeline",
        params: ComparePanelParams,
        body: ComparePanelSendRequest,
        response: { 200: ComparePanelSendResponse, ...errors },
      },
    },
    async (request) => {
      const owner = chatOwnerOf(request);
      return service.sendToPanel(
        owner,
        request.params.id,
        request.params.panel,
        request.body,
        await liveConnectionOf(request, owner),
      );
    },
  );

  app.post(
    `${BASE}/:id/votes`,
    {
      schema: {
        tags,
        summary: 'Vote on a turn: the best panel, a tie, or all bad',
        params: IdParams,
        body: CompareVoteRequest,
        response: { 200: CompareSession, ...errors },
      },
    },
    (request) => service.vote(chatOwnerOf(request), request.params.id, request.body),
  );

  app.put(
    `${BASE}/:id/favourite`,
    {
      schema: {
        tags,
        summary: 'Star or unstar a comparison (toggles when is_favourite is omitted)',
        params: IdParams,
        body: optionalBody(FavouriteRequest),
        response: { 200: CompareSession, ...errors },
      },
    },
    (request) =>
      service.setFavourite(chatOwnerOf(request), request.params.id, request.body?.is_favourite),
  );

  app.post(
    `${BASE}/:id/continue`,
    {
      schema: {
        tags,
        summary: 'Continue with one panel: its thread becomes a regular conversation',
        params: IdParams,
        body: CompareContinueRequest,
        response: { 200: CompareContinueResponse, ...errors },
      },
    },
    async (request) => ({
      conversation_id: await service.continueWith(
        chatOwnerOf(request),
        request.params.id,
        request.body.panel,
      ),
    }),
  );

  app.post(
    '/compare/check-limits',
    {
      schema: {
        tags,
        summary: 'Are enough messages left today for every panel?',
        body: CompareCheckLimitsRequest,
        response: { 200: CompareCheckLimitsResponse, ...errors },
      },
    },
    (request) => service.checkLimits(chatOwnerOf(request), request.body.panels),
  );

  app.get(
    '/compare/leaderboard',
    {
      schema: {
        tags,
        summary:
          "Leaderboard: the caller's own votes, or the global arena (every account's blind votes)",
        querystring: LeaderboardQuery,
        response: { 200: LeaderboardResponse, ...errors },
      },
    },
    async (request) => {
      const { period, scope, category, style_control: styleControl } = request.query;
      const filter = { period, category, styleControl };
      if (scope === 'global')
        return { ...(await leaderboard.board({ kind: 'all' }, filter)), scope };
      return {
        ...(await leaderboard.board({ kind: 'owner', owner: chatOwnerOf(request) }, filter)),
        scope,
      };
    },
  );

  app.get(
    '/compare/leaderboard/votes',
    {
      schema: {
        tags,
        summary: 'Export every vote with whether the global board counts it (admins; CSV or JSONL)',
        querystring: ArenaVotesExportQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      const body = await arenaAdmin.exportVotes(request.query);
      const csv = request.query.format === 'csv';
      return reply
        .type(csv ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="arena-votes.${csv ? 'csv' : 'jsonl'}"`,
        )
        .send(body);
    },
  );

  app.get(
    '/compare/arena/voters',
    {
      schema: {
        tags,
        summary: 'Voters of the last 30 days, accounts whose votes look automated first (admins)',
        response: { 200: ArenaVotersResponse, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return { voters: await arenaAdmin.voters() };
    },
  );

  app.get(
    '/compare/arena/settings',
    {
      schema: {
        tags,
        summary: 'The model that sorts compared prompts into categories (admins)',
        response: { 200: ArenaSettings, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return arenaAdmin.settings();
    },
  );

  app.put(
    '/compare/arena/settings',
    {
      schema: {
        tags,
        summary: 'Choose the model that sorts compared prompts into categories (admins)',
        body: ArenaSettings,
        response: { 200: ArenaSettings, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return arenaAdmin.setSettings(request.body);
    },
  );

  app.post(
    '/compare/battles',
    {
      schema: {
        tags,
        summary:
          'Random battle: two models picked for the caller, blind, where the arena is least certain',
        body: optionalBody(ArenaBattleRequest),
        response: { 201: CompareSession, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await arenaBattles.start(chatOwnerOf(request), request.body ?? {})),
  );
};
