import { ERROR_CATALOGUE, MINIMUM_TOPUP_USD } from '../../domain/errors.js';
import { accountExamples, dataExamples, DEMO_NUMBERS } from './examples.js';
import type { RouteEntry } from './route-registry.js';
import { describeField, type JsonSchemaObject } from './field-text.js';
import type { McpTool } from '../../mcp/tool.js';
import { mcpSection, mcpSkillSection } from './mcp-section.js';

function parameters(entry: RouteEntry): string[] {
  const lines: string[] = [];
  for (const [part, label] of [
    ['params', 'path'],
    ['querystring', 'query'],
    ['body', 'body'],
  ] as const) {
    const schema = entry.schema[part] as JsonSchemaObject | undefined;
    if (!schema?.properties) continue;
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties).map(([name, field]) => describeField(name, field, required.has(name)));
    if (fields.length > 0) lines.push(`  - ${label}: ${fields.join('; ')}`);
  }
  return lines;
}

/**
 * What each route tag lets an agent do, in the order the discovery texts name them. Only tags of
 * routes that exist are named, so the texts never promise an area that is not served.
 */
const CAPABILITIES: Record<string, string> = {
  applications: 'status by application, patent or publication number, singly or in batches',
  prosecution: 'prosecution history and office actions with their reply deadlines',
  claims: 'claims, abstracts and CPC classification',
  citations: 'citations in both directions',
  search: 'keyword and classification search',
  maintenance: 'maintenance fee windows, deadlines and the end of term with its calculation',
  ownership: 'assignment recordations and the current owner of a patent',
  entities: 'companies and inventors by name, their families, applications and patents',
  ptab: 'PTAB trials against a patent, by trial number and by party, with their decisions and outcomes',
  events: 'a feed of what changed (office actions, status changes, grants, assignments, PTAB, fees) by type, application, patent or entity',
  monitors: 'monitors that POST those events to your webhook as they are detected, signed with HMAC-SHA256',
  deadlines: 'the docket: every coming deadline of applications, patents or a whole portfolio',
  calendars: 'calendar feeds of a docket',
  statistics: 'examiner and art-unit statistics (allowance rate, time to first action and to disposal, RCE and appeal rates)',
  mcp: 'all of it also as MCP tools for AI agents',
};
const NOT_CAPABILITIES = new Set(['account', 'meta']);

/** The capabilities of the routes present, as a phrase: tags without a sentence above are named as they are. */
export function capabilities(entries: RouteEntry[]): string {
  const tags = new Set(entries.flatMap((entry) => entry.tags).filter((tag) => !NOT_CAPABILITIES.has(tag)));
  const known = Object.keys(CAPABILITIES).filter((tag) => tags.has(tag));
  const others = [...tags].filter((tag) => !(tag in CAPABILITIES)).sort();
  return [...known.map((tag) => CAPABILITIES[tag]!), ...others].join(', ');
}

const ACCESS_TEXT = { public: 'no key', account: 'key of the org', data: 'key of a funded org' } as const;

function endpointList(entries: RouteEntry[]): string {
  return entries
    .filter((entry) => !entry.url.startsWith('/documentation'))
    .map((entry) =>
      [
        `- \`${entry.method} ${entry.url}\`: ${entry.summary} (${ACCESS_TEXT[entry.access]}; cost: ${entry.cost})`,
        ...parameters(entry),
      ].join('\n'),
    )
    .join('\n');
}

function errorTable(): string {
  const rows = Object.entries(ERROR_CATALOGUE).map(([code, { status, message }]) => `| ${status} | \`${code}\` | ${message} |`);
  return ['| status | error | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** How a receiver checks a delivery (D16): the recipe the monitors' deliveries are tested against. */
const WEBHOOK_SECTION = `
## Webhooks: what a monitor sends and how to verify it
Each delivery is \`POST <webhook_url>\` with the JSON body \`{"delivery_id", "monitor_id", "event"}\` and the headers
\`X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>\`, \`X-Event-Id\` and \`X-Delivery-Attempt\`.
Answer 2xx within 10 seconds. Anything else is tried again after 1 m, 5 m, 30 m, 2 h, 8 h and 24 h: delivery is
at least once, so skip an \`X-Event-Id\` you already handled. Verify the raw bytes before parsing them:

\`\`\`js
const { createHmac, timingSafeEqual } = require('node:crypto');
function verify(secret, rawBody, header, toleranceSeconds = 300) {
  const { t, v1 } = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(t)) <= toleranceSeconds;
  return fresh && v1?.length === 64 && timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(expected, 'hex'));
}
\`\`\`
`;

/** `/agents.md`: everything an AI agent needs to use the service, built from the live route list. */
export function renderAgentGuide(entries: RouteEntry[], baseUrl: string, tools: readonly McpTool[]): string {
  return `# Patent Status Service: guide for AI agents

This service answers questions about US patent applications and patents from its own copy of the
USPTO's public bulk data. It never calls the patent office live, has no rate limit per key, and
answers in JSON. \`/health\` names the file date of every bulk product loaded. Base address: \`${baseUrl}\`.

What it answers: ${capabilities(entries)}.

## Authentication
Send your key on every \`/v1\` request, either as \`X-API-KEY: <key>\` or \`Authorization: Bearer <key>\`.
\`/agent/me\`, \`/keys\` and \`/agent/checkout-link\` take a key of the organization too.
\`/agent/signup\`, \`/health\` and the discovery documents need no key.
A missing, revoked or mistyped key gives 401 \`invalid_api_key\`.

## Funding, step by step
1. \`POST ${baseUrl}/agent/signup\` with \`{"owner_email": "<the human owner's e-mail>", "agent_name": "<you>"}\`.
   The answer (201) holds \`api_key\`: it is shown once, store it. The owner receives an e-mail (without the key).
   Signing up again with the same e-mail before the first payment revokes the old key and returns a new one;
   after a payment it answers 409 \`org_exists\` (use a key you already hold; \`POST /keys\` mints more).
2. \`POST ${baseUrl}/agent/checkout-link\` with \`{"amount_usd": ${MINIMUM_TOPUP_USD}}\` (whole dollars, at least ${MINIMUM_TOPUP_USD}).
   It returns \`url\` and \`expires_at\` (24 hours). Give the url to a human: they pay on the hosted page, no login.
   A deployment without a payment processor answers 503 \`billing_not_configured\`: ask its operator for credit.
3. Poll \`GET ${baseUrl}/agent/me\` until \`balance_units\` is positive, then query.
Until then every data request answers 402 \`payment_required\`, whose body names the checkout call to make.

## Costs
20 US dollars buy 1,000 units; credit never expires. A request costs 1 unit; a list response costs 1 unit per
100 rows returned (at least 1). Only 2xx responses are charged. Every response carries \`X-Credits-Charged\`
(0 on errors); charged responses also carry \`X-Credits-Remaining\`, the balance after the charge.
A list that can be cut (transactions, forward citations, search) never costs more than your balance: it returns
at most balance × 100 rows and a cursor to continue. An answer that cannot be cut (batch status, backward citations)
is refused with 402 \`payment_required\` before any work when the balance cannot pay for it; the message states the
units it needs and the balance. \`HEAD\` is not offered on /v1 (404, never charged).

## Conventions
- Application numbers are 8 digits; slashes, commas and spaces are ignored (\`17/248,024\` = \`17248024\`).
  International applications the office holds go by their PCT number: \`PCT/US2007/019317\` (also as printed on
  older documents, \`PCT/US07/19317\`).
- Patent numbers carry no commas; design, plant and reissue prefixes \`D\`, \`PP\`, \`RE\` are allowed.
- Publication numbers: printed (\`US20230080435A1\`) or bare (\`2023/0080435\`, latest kind A9 > A2 > A1).
- Dates are \`YYYY-MM-DD\`; timestamps ISO 8601. Lists take \`limit\` (1–1000, default 100) and \`cursor\`, and return \`next_cursor\`.
- Every object carries provenance: \`source\` {product, file_date}, \`as_of\`, \`stale\`.

## Freshness
The data is refreshed nightly from the USPTO Open Data Portal, all seven products: the patent file wrapper, grants,
pre-grant publications, assignments and maintenance fees (its bulk files), PTAB trials and office actions (its search
APIs). \`GET ${baseUrl}/health\` lists each product's \`file_date\`, \`last_sync_at\` and, for PTAB and OA, \`watermark\`
(every record the portal stamped up to that day is loaded).

## Endpoints
${endpointList(entries)}
${entries.some((entry) => entry.tags.includes('monitors')) ? WEBHOOK_SECTION : ''}${tools.length > 0 ? mcpSection(tools, baseUrl) : ''}
## Errors
Every error body is \`{"error": "<code>", "message": "...", "detail": ..., "request_id": "..."}\`. A 422's \`detail\` is a list of
\`{loc, msg, type, input, ctx}\`, where \`loc\` names the part and field, e.g. \`["query", "limit"]\`. \`request_id\` is
also the \`X-Request-Id\` response header (send your own, up to 100 of \`A-Z a-z 0-9 . _ -\`, to trace a call): quote it
when reporting a problem.

${errorTable()}

## Examples
\`\`\`sh
${[...accountExamples(baseUrl), ...dataExamples(baseUrl)].join('\n')}
\`\`\`

Machine-readable description: \`${baseUrl}/openapi.json\` (to read in a browser, with examples: \`${baseUrl}/docs\`). Service health: \`${baseUrl}/health\`.
`;
}

/** `/.well-known/skills/default/skill.md`: the same facts in the skill-file form agents load. */
export function renderSkill(entries: RouteEntry[], baseUrl: string, tools: readonly McpTool[]): string {
  return `---
name: patent-status
description: Look up US patent applications and patents (${capabilities(entries)}) in a local copy of USPTO bulk data. Use when asked about a US application, patent or publication number.
---

# Patent Status Service

Base address: \`${baseUrl}\`. JSON in and out. Full guide: \`${baseUrl}/agents.md\`; OpenAPI: \`${baseUrl}/openapi.json\`.

## Before the first query
1. \`POST /agent/signup\` \`{"owner_email": "...", "agent_name": "..."}\` → \`api_key\` (shown once; store it).
2. \`POST /agent/checkout-link\` \`{"amount_usd": ${MINIMUM_TOPUP_USD}}\` with the key → give \`url\` to the human owner to pay.
3. Poll \`GET /agent/me\` until \`balance_units\` > 0.

Send the key as \`X-API-KEY: <key>\` or \`Authorization: Bearer <key>\`. 1 unit per request, 1 per 100 list rows;
20 dollars = 1,000 units; errors cost nothing. 401 \`invalid_api_key\`: bad key. 402 \`payment_required\`: buy credit.
422 \`validation_error\`: read \`detail[].loc\` and \`detail[].msg\` and fix the request.

\`\`\`sh
KEY='pss_...'   # your api_key
curl -s ${baseUrl}/v1/applications/${DEMO_NUMBERS.application} -H "X-API-KEY: $KEY"
\`\`\`

## Endpoints
${endpointList(entries)}
${tools.length > 0 ? mcpSkillSection(tools, baseUrl) : ''}`;
}
