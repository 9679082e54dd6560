import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';

/** Where the interactive reference is served; `/docs/json` beside it is the same document as `/openapi.json`. */
export const DOCS_PATH = '/docs';

/**
 * The page loads only what this server serves: the swagger-ui files bundled in the dependency, the
 * document, and (Try it out) requests to this server or the public address the document names.
 * Styles may be inline because swagger-ui sets style attributes as it renders.
 */
function contentSecurityPolicy(publicBaseUrl: string): string {
  const origin = new URL(publicBaseUrl).origin;
  return [
    "default-src 'none'",
    "base-uri 'self'",
    `connect-src 'self' ${origin}`,
    "font-src 'self' data:",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "img-src 'self' data:",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
  ].join('; ');
}

/**
 * `GET /docs`: an interactive reference of the OpenAPI document (swagger-ui, served from the
 * @fastify/swagger-ui package: no CDN). Public and free like the other discovery documents; its
 * routes are hidden from the document itself.
 */
export function docsPage(publicBaseUrl: string): FastifyPluginAsync {
  return async (app) => {
    // swagger-ui adds its routes (the page, its files, /docs/json) without a config: here each is public and free.
    app.addHook('onRoute', (route) => {
      route.config = { access: 'public', cost: 'free', ...route.config };
    });
    await app.register(swaggerUi, {
      routePrefix: DOCS_PATH,
      // No validator badge: it would send the document to validator.swagger.io.
      validatorUrl: false,
      uiConfig: { layout: 'BaseLayout', deepLinking: true, validatorUrl: null, displayOperationId: true, docExpansion: 'list' },
      staticCSP: contentSecurityPolicy(publicBaseUrl),
      theme: { title: 'Patent Status Service · API reference' },
    });
  };
}
