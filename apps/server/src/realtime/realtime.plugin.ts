import fastifyWebsocket from '@fastify/websocket';
import { WsConnectParams, WsConnectQuery } from '@parallax/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ownerKey } from '../infra/auth/chat-owner';
import type { Bus } from '../infra/bus/bus';
import { createBus } from '../infra/bus/create-bus';
import { AppError } from '../infra/errors';
import { SessionStateRepository } from '../infra/auth/session-state.repository';
import { BusNamespaceRepository } from './bus-namespace.repository';
import { closeForRestart, RealtimeHub, type ReplacePolicy } from './realtime-hub';
import { claimedIdentity, tokenFromUpgrade, verifyUserToken } from './socket-auth';
import { CLOSE } from './close-codes';
import { SocketConnection } from './socket-connection';
import type { SocketPrincipal } from './socket-session';

declare module 'fastify' {
  interface FastifyInstance {
    /** Events between processes (memory, or Redis with REDIS_URL). */
    readonly bus: Bus;
    /** This process's websockets. */
    readonly realtime: RealtimeHub;
  }
}

const UpgradeQuery = WsConnectQuery.extend({ token: z.string().min(1).optional() });
const MAX_PAYLOAD_BYTES = 64 * 1024;

/**
 * Websocket `/ws/{connectionId}?user_id=…` (spec §7) and the bus behind it. Root-level so
 * every feature publishes through the same bus and hub. Call after registerVisitors.
 */
export async function registerRealtime(app: FastifyInstance): Promise<void> {
  const namespace = await new BusNamespaceRepository(app.db).read();
  const bus = await createBus(app.config.redisUrl, namespace, app.log);
  // Sign-in replaces the visitor socket of the same client with the user's: the id may pass
  // from a visitor to the account that claimed that visitor, and to no one else.
  const canReplace: ReplacePolicy = async (holderKey, newOwner) =>
    newOwner.kind === 'user' &&
    (await app.visitors.claimedBy(newOwner.id)).some(
      (visitorId) => ownerKey({ kind: 'visitor', id: visitorId }) === holderKey,
    );
  const hub = new RealtimeHub(bus, app.log, canReplace);
  await hub.start();
  app.decorate('bus', bus);
  app.decorate('realtime', hub);
  app.drain.onBegin(() => hub.drain());
  app.addHook('preClose', () => hub.close());
  app.addHook('onClose', () => bus.close());

  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_PAYLOAD_BYTES } });
  const sessions = new SessionStateRepository(app.db);

  app.route({
    method: 'GET',
    url: '/ws/:connectionId',
    schema: { hide: true },
    // A plain HTTP GET (no upgrade) is not a websocket: the API's usual 404 body.
    handler: async () => {
      throw new AppError('not_found', 'The requested resource was not found.');
    },
    wsHandler: (socket, request) => {
      // Draining: the client reconnects, through the balancer, to a process that stays.
      if (app.drain.draining) return closeForRestart(socket);
      const params = WsConnectParams.safeParse(request.params);
      const query = UpgradeQuery.safeParse(request.query);
      if (!params.success || !query.success)
        return socket.close(CLOSE.badRequest, 'Bad connection request');
      const identity = claimedIdentity(query.data.user_id);
      if (identity.kind === 'refused')
        return socket.close(CLOSE.authenticationFailed, 'Authentication failed');

      const authenticate = (token: string): Promise<SocketPrincipal | null> =>
        identity.kind === 'user'
          ? verifyUserToken(app.accessTokens, sessions, identity.userId, token)
          : Promise.resolve(null);
      const connection = new SocketConnection({
        socket,
        connectionId: params.data.connectionId,
        hub,
        log: request.log,
        authenticate,
      });
      if (identity.kind === 'visitor') {
        connection
          .start({ owner: identity.owner, authSessionId: null })
          .catch((error: unknown) => connection.fail(error));
        return;
      }
      const token = tokenFromUpgrade(request, query.data, app.config.appUrl);
      if (token === undefined) return connection.awaitAuthMessage();
      authenticate(token)
        .then((principal) =>
          principal
            ? connection.start(principal)
            : socket.close(CLOSE.authenticationFailed, 'Authentication failed'),
        )
        .catch((error: unknown) => connection.fail(error));
    },
  });
}
