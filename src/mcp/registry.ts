import type { Services } from '../services.js';
import type { McpTool } from './tool.js';
import { applicationTools } from './tools/applications.js';
import { deadlineTools } from './tools/deadlines.js';
import { entityAndMonitorTools } from './tools/entities-and-monitors.js';
import { eventTools } from './tools/events.js';
import { officeActionTools } from './tools/office-actions.js';
import { ownershipAndTrialTools } from './tools/ownership-and-trials.js';
import { searchTools } from './tools/search.js';

/**
 * The MCP tools, in the order `tools/list` gives them: one list, read by the `/mcp` endpoint and
 * by the discovery documents (`/agents.md`, the skill file, `/openapi.json`), so they name
 * exactly the tools that answer.
 */
export class ToolRegistry {
  readonly tools: readonly McpTool[];
  private readonly byName: Map<string, McpTool>;

  constructor(services: Services) {
    this.tools = [
      ...applicationTools(services.applications, services.transactions),
      ...officeActionTools(services.officeActions),
      ...ownershipAndTrialTools(services.assignments, services.ptab, services.maintenance),
      ...searchTools(services.search),
      ...entityAndMonitorTools(services.entities, services.monitors),
      ...deadlineTools(services.deadlines),
      ...eventTools(services.events),
    ];
    this.byName = new Map(this.tools.map((tool) => [tool.name, tool]));
  }

  get(name: string): McpTool | undefined {
    return this.byName.get(name);
  }
}
