import { DEMO_NUMBERS as n } from '../examples.js';
import type { ErrorCode } from '../../../domain/errors.js';
import { errorExample } from './errors.js';
import { FEES_OWNERSHIP_EXAMPLES } from './fees-ownership.js';
import { EXAMPLE_AS_OF, type OperationExamples } from './operation-example.js';

/** A refusal of `/mcp` in JSON-RPC's terms, the REST body of its code as `data`. */
function refusal(code: number, error: ErrorCode) {
  const body = errorExample(error) as { message: string };
  return {
    jsonrpc: '2.0',
    id: null,
    error: { code, message: code === -32603 ? 'Internal error' : `Invalid Request: ${body.message}`, data: body },
  };
}

export const META_EXAMPLES: OperationExamples = {
  mcp: {
    body: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'check_patent_alive', arguments: { patent_number: n.lapsedPatent } },
    },
    status: 200,
    response: {
      result: {
        _meta: { credits_charged: 1, credits_remaining: 964 },
        content: [
          {
            type: 'text',
            text: '{"patent_number":"9563888","application_number":"14704320","patent_type":"utility","grant_date":"2017-02-07","entity_status":"undiscounted","events":[{"code":"REM.","description":"Maintenance Fee Remi…',
          },
        ],
        // The tool's twin is GET /v1/patents/{n}/maintenance: the same answer.
        structuredContent: FEES_OWNERSHIP_EXAMPLES.getPatentMaintenance!.response,
      },
      jsonrpc: '2.0',
      id: 1,
    },
    otherResponses: {
      400: {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: 'Invalid Request: a batch (JSON array) is not accepted; since MCP 2025-06-18 each POST carries one message',
        },
      },
      403: {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: 'Forbidden: origin https://elsewhere.example may not call this MCP server (MCP_ALLOWED_ORIGINS)',
        },
      },
      413: refusal(-32600, 'payload_too_large'),
      415: refusal(-32600, 'unsupported_media_type'),
      500: refusal(-32603, 'internal_error'),
    },
  },
  getHealth: {
    status: 200,
    response: {
      status: 'ok',
      ready: true,
      version: '0.1.0',
      engine: 'pglite',
      database: { reachable: true, latency_ms: 0.6 },
      replica: null,
      products: [{ product: 'APPXML', file_date: '2026-11-19', as_of: EXAMPLE_AS_OF, stale: false, last_sync_at: null, watermark: null }],
      time: '2026-11-28T17:09:26.610Z',
    },
    otherResponses: {
      503: {
        status: 'unavailable',
        ready: false,
        version: '0.1.0',
        engine: 'postgresql',
        database: { reachable: false, latency_ms: null },
        replica: null,
        products: [],
        time: '2026-11-28T17:09:26.610Z',
      },
    },
  },
  getReadiness: {
    status: 200,
    response: { ready: true, database: { reachable: true, latency_ms: 0.6 } },
    otherResponses: { 503: { ready: false, database: { reachable: false, latency_ms: null } } },
  },

  getOpenApi: {
    status: 200,
    someMembers: true,
    response: {
      openapi: '3.0.3',
      info: {
        title: 'Patent Status Service',
        version: '0.1.0',
      },
      servers: [{ url: 'https://patents.example.org' }],
    },
  },
  getAgentGuide: {
    status: 200,
    response:
      "# Patent Status Service: guide for AI agents\n\nThis service answers questions about US patent applications and patents from its own copy of the\nUSPTO's public bulk data. …",
  },
  getSkill: { status: 200, response: '---\nname: patent-status\ndescription: Look up US patent applications and patents …' },
  getMetrics: {
    status: 200,
    response:
      '# HELP process_cpu_user_seconds_total Total user CPU time spent in seconds.\n# TYPE process_cpu_user_seconds_total counter\n…',
  },
};
