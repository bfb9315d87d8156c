import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { SHARE_TOKEN_PATTERN } from '@parallax/contract';
import { renderMissingPage, renderSharePage, SHARE_ASSETS_PREFIX } from './share-page';

/** KaTeX's stylesheet and fonts, from the package the renderer uses. */
const KATEX_DIST = path.dirname(createRequire(import.meta.url).resolve('katex'));

/*
 * Viewers of a public page share nothing but its address: counted per address like the API,
 * though outside /api (the app-wide limit leaves pages alone).
 */
const PAGE_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute', allowList: () => false } };

function sendMissing(reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .type('text/html; charset=utf-8')
    .send(renderMissingPage());
}

/**
 * GET /share/{token}: the shared chat as plain HTML (mounted at the root, not under /api). A
 * token that is malformed, unknown, expired or revoked gets the same friendly 404. Never
 * cached, so a revoked link stops answering at once, whichever process or proxy serves it.
 */
export const sharePageRoutes: FastifyPluginAsync = async (app) => {
  await app.register(fastifyStatic, {
    root: KATEX_DIST,
    prefix: `${SHARE_ASSETS_PREFIX}katex/`,
    decorateReply: false,
    index: false,
    allowedPath: (pathname) => {
      const file = pathname.replace(/^\/+/, '');
      return file === 'katex.min.css' || /^fonts\/[\w-]+\.woff2$/.test(file);
    },
    maxAge: '7d',
  });

  app.get<{ Params: { token: string } }>(
    '/share/:token',
    { config: PAGE_LIMIT, schema: { hide: true } },
    async (request, reply) => {
      const { token } = request.params;
      if (!SHARE_TOKEN_PATTERN.test(token)) return sendMissing(reply);
      const page = await app.shares.view(token);
      if (!page) return sendMissing(reply);
      reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8');
      if (!page.allowIndexing) reply.header('x-robots-tag', 'noindex, nofollow');
      return reply.send(renderSharePage(page, token, app.config.appUrl));
    },
  );

  // A shared file is always a download (never shown inline), so no upload runs as a page here.
  app.get<{ Params: { token: string; turn: string; n: string } }>(
    '/share/:token/files/:turn/:n',
    { config: PAGE_LIMIT, schema: { hide: true } },
    async (request, reply) => {
      const { token, turn, n } = request.params;
      const index = (text: string) => (/^\d{1,4}$/.test(text) ? Number(text) : -1);
      const file =
        index(turn) < 0 || index(n) < 0
          ? undefined
          : await app.shares.attachment(token, index(turn), index(n));
      if (!file) return sendMissing(reply);
      return reply
        .header('content-type', 'application/octet-stream')
        .header(
          'content-disposition',
          `attachment; filename="${file.row.filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.row.filename)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .send(file.data);
    },
  );
};
