import { Type } from 'typebox';
import { SearchQuery, SearchResponse } from '../../resources/search/schemas.js';
import type { SearchService } from '../../resources/search/service.js';
import { defineTool, type McpTool } from '../tool.js';

/** `search_patents`: REST's GET /v1/search. */
export function searchTools(search: SearchService): McpTool[] {
  return [
    defineTool({
      name: 'search_patents',
      title: 'Search granted patents and published applications',
      description:
        'Keyword and CPC search over the full text of US granted patents and pre-grant publications (title, abstract and ' +
        'claims): not similarity search. Give at least one of `q`, `cpc` or `entity_id` (else missing_filter). `q` takes ' +
        'web-search syntax: words are ANDed, "quoted phrases", -excluded words, or; English stemming. `cpc` is one CPC level ' +
        '(H04L, H04L9, H04L 9/3247). `entity_id` (ent_… or fam_… from search_entities) keeps the documents of that portfolio. ' +
        '`doc_type` narrows to grants or publications; `filed_after`/`filed_before` (YYYY-MM-DD) bound the filing date. Each ' +
        'result has doc_number, application_number (for get_application_status), title, dates, CPC codes and a snippet with ' +
        'the matched words in <mark>. Best rank first, then newest; `total` counts matches up to 10,000. `limit` (1–1000, ' +
        'default 100) and `cursor` (the returned next_cursor) page. Costs 1 unit per 100 results returned (at least 1).',
      cost: '1 unit per 100 rows returned (at least 1)',
      restTwins: ['GET /v1/search'],
      output: SearchResponse,
      input: Type.Object({ ...SearchQuery.properties }, { additionalProperties: false }),
      async run(args, { charge }) {
        const found = await search.search({ ...args, limit: await charge.affordableRows(args.limit) });
        charge.served(found.results.length);
        return { schema: SearchResponse, view: found };
      },
    }),
  ];
}
