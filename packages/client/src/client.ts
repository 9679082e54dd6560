import createClient, { type Client, type ClientPathsWithMethod, type MaybeOptionalInit, type MethodResponse } from 'openapi-fetch';
import { answerMeta, type AnswerMeta } from './answer-meta.js';
import { PatentStatusError } from './errors.js';
import { sliceOf, type ItemOf, type ListPath, type PageOf } from './lists.js';
import { retryingFetch, type RetryOptions } from './retry.js';
import type { paths } from './schema.js';

export interface PatentStatusClientOptions {
  /** The deployment's address, e.g. `https://patents.example.com` (no `/v1`: paths carry it). */
  baseUrl: string;
  /** Sent as `X-API-KEY`. Only `POST /agent/signup` and the discovery documents do without one. */
  apiKey?: string;
  /** The fetch to send requests with (a proxy's, a test's); the global fetch, looked up per request, by default. */
  fetch?: (request: Request) => Promise<Response>;
  /** Retries of 503, 504 and (GET only) network errors: a number of further attempts, or the full policy. */
  retries?: number | RetryOptions;
}

type Method = 'get' | 'post' | 'delete';
type PathOf<M extends Method> = ClientPathsWithMethod<Client<paths>, M>;
type InitOf<P extends PathOf<M>, M extends Method> = MaybeOptionalInit<paths[P], M>;
/** The request's params and body: optional when the operation requires none. */
type InitArgs<I> = undefined extends I ? [init?: I] : [init: I];
type DataOf<P extends PathOf<M>, M extends Method> = [MethodResponse<Client<paths>, M, P>] extends [never]
  ? undefined
  : MethodResponse<Client<paths>, M, P>;

/** A 2xx answer: its typed body, what it cost, its request id, and the response itself (other headers). */
export interface Answer<T> extends AnswerMeta {
  data: T;
  response: Response;
}

type Call<M extends Method> = <P extends PathOf<M>>(path: P, ...init: InitArgs<InitOf<P, M>>) => Promise<Answer<DataOf<P, M>>>;

export interface PatentStatusClient {
  /** Each resolves with the 2xx answer or rejects with a PatentStatusError carrying the error body. */
  GET: Call<'get'>;
  POST: Call<'post'>;
  DELETE: Call<'delete'>;
  /** Every page of a list, following `next_cursor` from the request's own cursor (or the start). */
  pages<P extends ListPath>(path: P, ...init: InitArgs<InitOf<P, 'get'>>): AsyncGenerator<Answer<PageOf<P>>, void, undefined>;
  /** Every row of a list across its pages. */
  paginate<P extends ListPath>(path: P, ...init: InitArgs<InitOf<P, 'get'>>): AsyncGenerator<ItemOf<P>, void, undefined>;
}

/** openapi-fetch's request, seen without the per-path types the public methods above already checked. */
type LooseRequest = (method: string, path: string, init?: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

interface LooseInit {
  params?: { query?: Record<string, unknown> };
}

/** `init` with the query's cursor set to `cursor` (left out when there is none). */
function withCursor(init: LooseInit | undefined, cursor: string | undefined): LooseInit {
  const { cursor: _previous, ...query } = init?.params?.query ?? {};
  return { ...init, params: { ...init?.params, query: cursor === undefined ? query : { ...query, cursor } } };
}

export function createPatentStatusClient(options: PatentStatusClientOptions): PatentStatusClient {
  const retry = typeof options.retries === 'number' ? { limit: options.retries } : options.retries;
  const raw = createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: retryingFetch(options.fetch ?? ((request) => globalThis.fetch(request)), retry),
    headers: options.apiKey === undefined ? {} : { 'X-API-KEY': options.apiKey },
  });
  const request = raw.request as unknown as LooseRequest;

  async function send(method: Method, path: string, init: unknown): Promise<Answer<unknown>> {
    const { data, error, response } = await request(method, path, init);
    if (!response.ok) throw new PatentStatusError(response, error);
    return { data, response, ...answerMeta(response) };
  }

  async function* pages(path: ListPath, init?: LooseInit): AsyncGenerator<Answer<unknown>, void, undefined> {
    let cursor = init?.params?.query?.cursor as string | undefined;
    for (;;) {
      const page = await send('get', path, withCursor(init, cursor));
      yield page;
      const { items, next } = sliceOf(path, page.data as never);
      // An empty page ends the walk too: the event feed hands back its cursor to poll again later.
      if (next === null || next === cursor || items.length === 0) return;
      cursor = next;
    }
  }

  async function* paginate(path: ListPath, init?: LooseInit): AsyncGenerator<unknown, void, undefined> {
    for await (const page of pages(path, init)) yield* sliceOf(path, page.data as never).items;
  }

  return {
    GET: ((path: string, init?: unknown) => send('get', path, init)) as Call<'get'>,
    POST: ((path: string, init?: unknown) => send('post', path, init)) as Call<'post'>,
    DELETE: ((path: string, init?: unknown) => send('delete', path, init)) as Call<'delete'>,
    pages: pages as PatentStatusClient['pages'],
    paginate: paginate as PatentStatusClient['paginate'],
  };
}
