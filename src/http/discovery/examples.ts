/**
 * The example requests of `/agents.md` and the skill file. Their numbers are held by the demo
 * corpus (the synthetic generator's default seed, loaded by `patent-status demo`), so every example
 * answers on a fresh demo; test/demo.test.ts runs each one against a running demo.
 */

export const DEMO_NUMBERS = {
  /** A granted application whose grant full text is in the demo's loaded weeks. */
  application: '18292528',
  applicationFormatted: '18/292,528',
  patent: '12806921',
  /** The same application's pre-grant publication (its full text predates the loaded weeks). */
  publication: 'US20230245144A1',
  /** A second granted application, for the batch. */
  otherApplication: '17991298',
  /** A publication whose full text is loaded. */
  publicationWithText: 'US20260364143A1',
  /** A word of the patent's title and its CPC subclass. */
  searchWords: 'antibody',
  searchSubclass: 'A61K',
  /** A patent whose maintenance fee went unpaid: the fee file records its lapse (EXP.). */
  lapsedPatent: '9563888',
  /** A patent whose owner changed its name and pledged it, then had it released: the assignment files record each step. */
  ownedPatent: '9828903',
  /** The buyer, as a name prefix (case, punctuation and corporate forms are ignored). */
  assignee: 'bluepeak networks',
  /**
   * The same company as an entity: every spelling of its name it files under is one id (the hash of
   * the key that founded it: the demo corpus prints names as filers do, a misspelling included).
   */
  entityQuery: 'bluepeak',
  entity: 'ent_r61tiom2d0tt51bu',
} as const;

const KEY_HEADER = '-H "X-API-KEY: $KEY"';

/** Signup, the key into `KEY`, the account and the checkout call. */
export function accountExamples(baseUrl: string): string[] {
  return [
    '# Sign up; the answer holds api_key, shown once. (`patent-status demo` prints a funded key: use that one.)',
    `curl -s -X POST ${baseUrl}/agent/signup -H 'content-type: application/json' \\`,
    `  -d '{"owner_email": "owner@example.com", "agent_name": "my-agent"}'`,
    "KEY='pss_...'   # the api_key from that answer",
    `curl -s ${baseUrl}/agent/me ${KEY_HEADER}`,
    `curl -s -X POST ${baseUrl}/agent/checkout-link -H "Authorization: Bearer $KEY" \\`,
    `  -H 'content-type: application/json' -d '{"amount_usd": 20}'`,
  ];
}

/** One request per data route family, with numbers the demo corpus holds. */
export function dataExamples(baseUrl: string): string[] {
  const n = DEMO_NUMBERS;
  const words = n.searchWords.replace(/ /g, '+');
  return [
    '# Data (a funded key). These numbers are in the demo corpus; use your own on a real deployment.',
    `curl -s ${baseUrl}/v1/applications/${n.application} ${KEY_HEADER}`,
    `curl -s ${baseUrl}/v1/patents/${n.patent} ${KEY_HEADER}`,
    `curl -s ${baseUrl}/v1/publications/${n.publication} ${KEY_HEADER}`,
    `curl -s -X POST ${baseUrl}/v1/applications/status ${KEY_HEADER} -H 'content-type: application/json' \\`,
    `  -d '{"application_numbers": ["${n.applicationFormatted}", "${n.otherApplication}", "12345"]}'`,
    `curl -s "${baseUrl}/v1/applications/${n.application}/transactions?limit=5" ${KEY_HEADER}`,
    `curl -s ${baseUrl}/v1/patents/${n.patent}/claims ${KEY_HEADER}`,
    `curl -s ${baseUrl}/v1/publications/${n.publicationWithText}/claims ${KEY_HEADER}`,
    `curl -s ${baseUrl}/v1/patents/${n.patent}/citations ${KEY_HEADER}`,
    `curl -s "${baseUrl}/v1/search?q=${words}&cpc=${n.searchSubclass}&limit=5" ${KEY_HEADER}`,
    `curl -s ${baseUrl}/v1/patents/${n.lapsedPatent}/maintenance ${KEY_HEADER}`,
    `curl -s ${baseUrl}/v1/patents/${n.ownedPatent}/assignments ${KEY_HEADER}`,
    `curl -s "${baseUrl}/v1/assignments?assignee=${n.assignee.replace(/ /g, '+')}&limit=5" ${KEY_HEADER}`,
    `curl -s "${baseUrl}/v1/entities/search?q=${n.entityQuery}&limit=5" ${KEY_HEADER}`,
    `curl -s "${baseUrl}/v1/entities/${n.entity}/applications?limit=5" ${KEY_HEADER}`,
    `curl -s "${baseUrl}/v1/entities/${n.entity}/patents?limit=5" ${KEY_HEADER}`,
    "# The same over MCP, as an agent's client sends a tool call (one JSON-RPC message per POST):",
    `curl -s -X POST ${baseUrl}/mcp -H "Authorization: Bearer $KEY" -H 'content-type: application/json' \\`,
    `  -d '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "check_patent_alive", "arguments": {"patent_number": "${n.lapsedPatent}"}}}'`,
  ];
}
