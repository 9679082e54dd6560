import type { McpTool } from '../../mcp/tool.js';
import { argumentSchema } from '../mcp/tool-arguments.js';
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
\`${baseUrl}/mcp\` is an MCP server over streamable HTTP (stateless: POST one JSON-RPC message at a time, no batches;
answers are JSON, never a stream; GET and DELETE answer 405). Send the key as \`Authorization: Bearer <key>\`: without a
valid key every request is 401 \`invalid_api_key\`. \`initialize\` and \`tools/list\` are free. Each tool takes its REST
twin's parameters (snake_case, as JSON: a number where the schema says string is refused), returns its REST body as JSON
text and as \`structuredContent\` (conforming to the tool's \`outputSchema\`, the twin's response schema), and costs what
its twin costs (\`_meta.credits_charged\`, \`_meta.credits_remaining\`). A failure is a result with \`isError: true\`
whose text is the REST error body (\`{"error", "message", "detail", "request_id"}\`) and costs nothing; for an organization
without credit it is \`payment_required\` with \`checkout\` and, in words, how to buy credit. Protocol errors are JSON-RPC
errors: −32700 for a body that is no JSON, −32600 for a batch or anything but one message (both HTTP 400), −32602 for an
unknown tool; a browser page of an origin the operator did not allow (\`MCP_ALLOWED_ORIGINS\`) gets 403.

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
MCP clients: streamable HTTP at \`${baseUrl}/mcp\` with \`Authorization: Bearer <key>\`; same data, costs and errors as REST,
a tool's error (\`payment_required\` too, with how to buy credit) coming back as a result with \`isError: true\`.
${tools.map((tool) => `- \`${tool.name}\` (${tool.cost}): ${tool.title}.`).join('\n')}
`;
}
