import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isClientRoute } from '#shared/routes.ts';
import { pageLanguage } from './page-language';
import { pagePreloadTags, readBuildManifest, stringsPreloadTags } from './page-preloads';
import { sendNotFound } from './rest';

/** The server's own paths: unknown ones there stay JSON. */
function isServerPath(pathname: string): boolean {
  return /^\/(api|trpc|auth|uploads)(\/|$)/.test(pathname);
}

function acceptsHtml(accept: string | undefined): boolean {
  return accept?.includes('text/html') ?? false;
}

/**
 * What the page at `pathname` is served with for this visitor (server/http/page-state.ts): who is
 * signed in and the page's first queries, and the picture it opens on. Written into the page, they
 * save the first load round trips.
 */
export type PageStateFor = (
  request: FastifyRequest,
  reply: FastifyReply,
  pathname: string,
) => Promise<{ state: unknown; picture: string | null }>;

/** The element the client reads it from (client/src/lib/initial-state.ts). */
export const INITIAL_STATE_ID = 'initial-state';

/** JSON safe inside a <script> element: no `</script>` or `<!--` can end it early. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Serves the built client. Client routes get index.html; anything else that is not a file in
 * dist/public is a 404 (the app's page for a browser, JSON otherwise), so nothing outside it
 * (/.env, /data, /drizzle) is ever reachable.
 */
export async function registerClient(app: FastifyInstance, publicDir: string | null, stateFor?: PageStateFor) {
  const indexFile = publicDir ? join(publicDir, 'index.html') : null;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  const manifest = publicDir ? readBuildManifest(publicDir) : null;

  /**
   * index.html for a page: with its code and its language's strings preloaded, and with the asking
   * browser's session and the page's first answers (a data block, not a script: the CSP allows it).
   * Both save round trips.
   */
  async function pageFor(request: FastifyRequest, reply: FastifyReply, html: string, pathname: string) {
    let head = manifest
      ? stringsPreloadTags(manifest, pageLanguage(request)) + pagePreloadTags(manifest, pathname)
      : '';
    if (stateFor) {
      try {
        const { state, picture } = await stateFor(request, reply, pathname);
        if (picture) head += `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(picture)}">`;
        head += `<script type="application/json" id="${INITIAL_STATE_ID}">${scriptSafeJson(state)}</script>`;
      } catch (error) {
        request.log.warn({ err: error }, 'page served without its state');
      }
    }
    return html.includes('</head>') ? html.replace('</head>', `${head}</head>`) : `${head}${html}`;
  }

  if (publicDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: publicDir,
      index: false,
      // One route per built file, found at start-up: every other path falls to the handler below.
      wildcard: false,
      dotfiles: 'ignore',
      // The build writes .br and .gz beside each text asset (client/build/vite-plugins.ts), sent in
      // its place to a browser that takes them. They need no routes of their own: a route costs
      // start-up time (docs/decisions/runtime.md).
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, path) {
        const hashed = path.includes(`${join(publicDir, 'assets')}`);
        // The service worker is checked for a new build at every visit (client/pwa/sw.js).
        const worker = path === join(publicDir, 'sw.js');
        res.header(
          'Cache-Control',
          hashed ? 'public, max-age=31536000, immutable' : worker ? 'no-cache' : 'public, max-age=3600',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const page = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(pathname);
    if (indexHtml && page && (isClientRoute(pathname) || acceptsHtml(request.headers.accept))) {
      // An unknown page is the app's own bilingual "Page not found" (its router shows it), with a 404.
      // The page holds the visitor's session: never stored by a shared cache.
      return pageFor(request, reply, indexHtml, pathname).then((html) =>
        reply
          .code(isClientRoute(pathname) ? 200 : 404)
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'private, no-cache')
          .header('Vary', 'Cookie')
          .send(html),
      );
    }
    return sendNotFound(reply);
  });
}
