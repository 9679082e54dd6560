import type { Client, ClientPathsWithMethod, MethodResponse } from 'openapi-fetch';
import type { paths } from './schema.js';

type GetPath = ClientPathsWithMethod<Client<paths>, 'get'>;

/** The page a GET operation answers with (its 2xx JSON body). */
export type PageOf<P extends GetPath> = MethodResponse<Client<paths>, 'get', P>;

type QueryOf<P extends GetPath> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;

/** Every GET operation that takes a `cursor`: the lists `paginate` walks. */
export type ListPath = {
  [P in GetPath]: [QueryOf<P>] extends [never] ? never : 'cursor' extends keyof QueryOf<P> ? P : never;
}[GetPath];

interface Slice {
  items: readonly unknown[];
  next: string | null;
}

/**
 * Where each list keeps its rows and its cursor: the array's name differs per list (`events`,
 * `transactions` …), and an answer may hold other arrays beside it (an assignment list's
 * security interests), so it is named here. Typed against the generated paths: a new list
 * operation, or a renamed member, fails to compile until it is added here.
 */
export const LISTS = {
  '/v1/applications/{application_number}/transactions': (page) => ({ items: page.transactions, next: page.next_cursor }),
  '/v1/patents/{patent_number}/citations': (page) => ({ items: page.forward?.patents ?? [], next: page.forward?.next_cursor ?? null }),
  '/v1/search': (page) => ({ items: page.results, next: page.next_cursor }),
  '/v1/applications/{application_number}/assignments': (page) => ({ items: page.assignments, next: page.next_cursor }),
  '/v1/patents/{patent_number}/assignments': (page) => ({ items: page.assignments, next: page.next_cursor }),
  '/v1/assignments': (page) => ({ items: page.assignments, next: page.next_cursor }),
  '/v1/applications/{application_number}/office-actions': (page) => ({ items: page.office_actions, next: page.next_cursor }),
  '/v1/ptab': (page) => ({ items: page.proceedings, next: page.next_cursor }),
  '/v1/entities/{entity_id}/applications': (page) => ({ items: page.applications, next: page.next_cursor }),
  '/v1/entities/{entity_id}/patents': (page) => ({ items: page.patents, next: page.next_cursor }),
  '/v1/events': (page) => ({ items: page.events, next: page.next_cursor }),
  '/v1/deadlines': (page) => ({ items: page.deadlines, next: page.next_cursor }),
} satisfies { [P in ListPath]: (page: PageOf<P>) => Slice };

/** One row of the list `P`. */
export type ItemOf<P extends ListPath> = ReturnType<(typeof LISTS)[P]>['items'][number];

/** The rows and the cursor of one page of `path`. */
export function sliceOf<P extends ListPath>(path: P, page: PageOf<P>): Slice {
  return (LISTS[path] as (page: PageOf<P>) => Slice)(page);
}
