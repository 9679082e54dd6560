import type { FastifyInstance } from 'fastify';
import { ErrorCode as JsonRpcErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { jsonRpcError, sendJsonRpc } from './json-rpc-errors.js';

/** True when a browser's Origin header names an origin of the list (config.ts: `scheme://host[:port]`, `:*` any port, `*` all). */
function isAllowedOrigin(origin: string, allowed: readonly string[]): boolean {
  if (allowed.includes('*')) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    // "null" (a sandboxed frame, a file) or anything else that is no origin.
    return false;
  }
  return allowed.includes(url.origin) || allowed.includes(`${url.protocol}//${url.hostname}:*`);
}

/**
 * MCP's streamable HTTP transport: a server MUST check the Origin of each request, or a web page
 * whose name was rebound to a local address could drive the server from a browser (DNS
 * rebinding). A request from another origin is refused with 403 before its key is read; one
 * without Origin (a program, not a browser) goes on.
 */
export function registerOriginCheck(app: FastifyInstance, allowed: readonly string[]): void {
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (origin === undefined || request.routeOptions.url !== '/mcp' || isAllowedOrigin(origin, allowed)) {
      done();
      return;
    }
    const shown = origin.length > 200 ? `${origin.slice(0, 200)}…` : origin;
    void sendJsonRpc(
      reply,
      403,
      jsonRpcError(null, JsonRpcErrorCode.InvalidRequest, `Forbidden: origin ${shown} may not call this MCP server (MCP_ALLOWED_ORIGINS)`),
    );
  });
}
