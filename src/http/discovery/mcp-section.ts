import type { McpTool } from '../../mcp/tool.js';
import { argumentSchema } from '../mcp/tool-call.js';
import { describeField, type JsonSchemaObject } from './field-text.js';

function toolArguments(tool: McpTool): string {
  const schema = argumentSchema(tool) as JsonSchemaObject;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .map(([name, field]) => `  - ${describeField(name, field, required.has(name))}`)
    .join('\n');
}

/** `/agents.md`: how an MCP client connects, and every tool with its arguments and cost, from the tool registry. */
export function mcpSection(tools: readonly McpTool[], baseUrl: string): string {
  const list = tools
    .map((tool) =>
      [
        `### \`${tool.name}\`: ${tool.title}`,
        tool.description,
        `REST twin: ${tool.restTwins.map((twin) => `\`${twin}\``).join(', ')}. Cost: ${tool.cost}.`,
        'Arguments:',
        toolArguments(tool),
      ].join('\n\n'),
    )
    .join('\n\n');
  return `
## MCP (Model Context Protocol)
\`${baseUrl}/mcp\` is an MCP server over streamable HTTP (stateless: POST each JSON-RPC message; answers are JSON,
never a stream; GET and DELETE answer 405). Send the key as \`Authorization: Bearer <key>\`: without a valid key every
request is 401 \`invalid_api_key\`; a \`tools/call\` of an organization without credit is 402 \`payment_required\` with the
REST body. \`initialize\` and \`tools/list\` are free. Each tool takes its REST twin's parameters (snake_case), returns its
REST body as JSON text and as \`structuredContent\`, and costs what its twin costs (\`_meta.credits_charged\`,
\`_meta.credits_remaining\`). A failure is a result with \`isError: true\` carrying the REST error body
(\`{"error", "message", "detail", "request_id"}\`) and costs nothing.

A client configuration (most MCP clients take this shape):

\`\`\`json
{"mcpServers": {"patent-status": {"type": "http", "url": "${baseUrl}/mcp", "headers": {"Authorization": "Bearer <key>"}}}}
\`\`\`

${list}
`;
}

/** The skill file's shorter form: the endpoint and one line per tool. */
export function mcpSkillSection(tools: readonly McpTool[], baseUrl: string): string {
  return `
## MCP
MCP clients: streamable HTTP at \`${baseUrl}/mcp\` with \`Authorization: Bearer <key>\`; same data, costs and errors as REST.
${tools.map((tool) => `- \`${tool.name}\` (${tool.cost}): ${tool.title}.`).join('\n')}
`;
}
