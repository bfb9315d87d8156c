import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { aliasTarget, matchRoute } from '@parallax/contract';
import type { AppConfig } from '../config';
import { issueCsrfToken } from '../infra/csrf';
import { sendError } from '../infra/error-handler';
import { createShellReader, injectCsrfToken, MISSING_BUILD_HTML } from './spa-shell';

const ONE_YEAR_SECONDS = 31_536_000;

/** Paths the SPA never owns: unknown ones answer JSON, not the shell. */
export function isApiPath(pathname: string): boolean {
  return /^\/(api|ws)(\/|$)/.test(pathname);
}

function pathnameOf(request: FastifyRequest): string {
  const q = request.url.indexOf('?');
  return q === -1 ? request.url : request.url.slice(0, q);
}

export interface WebAppOptions {
  webDistDir: string;
  config: AppConfig;
}

/**
 * Serves the built web app on the API's port: hashed /assets/* with a one-year immutable
 * cache, and the index.html shell for every other GET, 200 for a spec §2 route and 404 for
 * the rest (the SPA renders its 404 page either way). Also owns the 404 answer for /api and
 * /ws, which is JSON. Registered on the root instance, after the API routes.
 */
export async function registerWebApp(
  app: FastifyInstance,
  { webDistDir, config }: WebAppOptions,
): Promise<void> {
  const readShell = createShellReader(webDistDir);

  async function sendShell(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const html = await readShell();
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache, private');
    if (html === undefined) return reply.status(503).send(MISSING_BUILD_HTML);
    const token = issueCsrfToken(request, reply, config);
    return reply
      .status(matchRoute(pathnameOf(request)) ? 200 : 404)
      .send(injectCsrfToken(html, token));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = pathnameOf(request);
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(pathname) || !isPageRequest) {
      return sendError(request, reply, {
        status: 404,
        code: 'not_found',
        detail: `Nothing here: ${request.method} ${pathname}`,
      });
    }
    // A missing hashed asset is an old build's file: answering HTML would only hide the cause.
    if (pathname.startsWith('/assets/'))
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    // A guessed address (/projects for /project): the browser's bar shows the real one.
    const target = aliasTarget(pathname);
    if (target !== undefined)
      return reply.redirect(target + request.url.slice(pathname.length), 301);
    return sendShell(request, reply);
  });

  app.get('/', { schema: { hide: true } }, sendShell);

  if (fs.existsSync(webDistDir)) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: true,
      index: false,
      redirect: false,
      cacheControl: false,
      decorateReply: false,
      // The shell is only served with its CSRF token filled in.
      allowedPath: (pathname) => pathname !== '/index.html',
      setHeaders: (assetReply, filePath) => {
        const immutable = filePath.startsWith(`${webDistDir}/assets/`);
        assetReply.header(
          'cache-control',
          immutable ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
        );
      },
    });
  }
}
