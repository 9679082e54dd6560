/**
 * A local stand-in for the Open Data Portal's bulk-data API, answering in the captured shapes
 * (../shared/reference/odp/2026-01-14/bulk-data/: the Product Data page's 200 sample and its
 * 400/403/404/500 error bodies; ODP-API.yaml: the file address answers a 302). It serves files a
 * test puts in it, and misbehaves on request: 429 with Retry-After, 5xx, a connection cut short.
 * The PTAB and office-action search APIs are answered by its `search` (portal-search-stand-in.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FaultQueue } from './fault-queue.js';
import { PortalSearchStandIn, type SearchStandInOptions } from './portal-search-stand-in.js';

export interface StandInFile {
  product: string;
  fileName: string;
  bytes: Buffer;
  fileDataFromDate: string;
  fileDataToDate: string;
  fileLastModifiedDateTime: string;
}

export type Fault = { status: 429; retryAfter?: string } | { status: 500 | 502 | 503 } | { truncateAfter: number };

export interface SeenRequest {
  path: string;
  range: string | null;
  apiKey: string | null;
  method?: string;
  /** Search requests only: the parsed JSON or form body (the raw text when it does not parse). */
  body?: unknown;
}

const REQUEST_ID = '07c5c24d-bf8e-458c-9427-a038500d6e98';

const ERRORS: Record<number, object> = {
  403: { code: 403, error: 'Forbidden' },
  404: {
    code: 404,
    error: 'Not Found',
    errorDetails: 'No matching records found, refine your search criteria and try again',
    requestIdentifier: REQUEST_ID,
  },
  429: { code: 429, error: 'Too Many Requests', errorDetails: 'Rate limit exceeded', requestIdentifier: REQUEST_ID },
  500: {
    code: 500,
    error: 'Internal Server Error',
    errorDetails: 'Internal Server Error. Please contact Help Desk.',
    requestIdentifier: REQUEST_ID,
  },
};

export class PortalStandIn {
  readonly files = new Map<string, StandInFile>();
  readonly requests: SeenRequest[] = [];
  /** Faults by key (`list:CODE`, `file:CODE/NAME`, `bytes:CODE/NAME`), used in order; `failAlways` ones stay until cleared. */
  private readonly faults = new FaultQueue<Fault>();
  /** The PTAB and office-action search APIs, behind the same address and key. */
  readonly search: PortalSearchStandIn;
  private server: Server | null = null;
  url = '';

  constructor(
    readonly apiKey: string,
    /** Products the portal knows (listed even without files); any other code answers 404. */
    readonly products: readonly string[],
    searchOptions: SearchStandInOptions = {},
  ) {
    this.search = new PortalSearchStandIn(searchOptions);
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  put(file: StandInFile): void {
    this.files.set(`${file.product}/${file.fileName}`, file);
  }

  fail(key: string, ...faults: Fault[]): void {
    this.faults.add(key, ...faults);
  }

  failAlways(key: string, fault: Fault): void {
    this.faults.always(key, fault);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  /** Requests for file bytes (the signed address the 302 points to). */
  downloads(): SeenRequest[] {
    return this.requests.filter((r) => r.path.startsWith('/signed/'));
  }

  private nextFault(key: string): Fault | null {
    return this.faults.next(key);
  }

  private json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  }

  /** A 429 or 5xx fault answered; true when one was. */
  private answerFault(response: ServerResponse, fault: Fault | null): boolean {
    if (fault === null || !('status' in fault)) return false;
    const headers: Record<string, string> = fault.status === 429 && fault.retryAfter ? { 'retry-after': fault.retryAfter } : {};
    this.json(response, fault.status, ERRORS[fault.status] ?? ERRORS[500], headers);
    return true;
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', this.url);
    const apiKey = (request.headers['x-api-key'] as string | undefined) ?? null;
    const seen: SeenRequest = { path: url.pathname, range: request.headers.range ?? null, apiKey, method: request.method };
    this.requests.push(seen);
    const signed = /^\/signed\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (signed) return this.serveBytes(`${decodeURIComponent(signed[1]!)}/${decodeURIComponent(signed[2]!)}`, request, response);
    if (apiKey !== this.apiKey) return this.json(response, 403, ERRORS[403]);
    if (this.search.serves(url.pathname)) return void this.search.handle(request, response, seen);
    const file = /^\/api\/v1\/datasets\/products\/files\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (file) {
      const key = `${decodeURIComponent(file[1]!)}/${decodeURIComponent(file[2]!)}`;
      if (this.answerFault(response, this.nextFault(`file:${key}`))) return;
      if (!this.files.has(key)) return this.json(response, 404, ERRORS[404]);
      response.writeHead(302, { location: `/signed/${file[1]}/${file[2]}?Signature=stand-in&Expires=5` });
      return void response.end();
    }
    const product = /^\/api\/v1\/datasets\/products\/([^/]+)$/.exec(url.pathname);
    if (product) return this.list(decodeURIComponent(product[1]!), url.searchParams, response);
    this.json(response, 404, ERRORS[404]);
  }

  private list(code: string, params: URLSearchParams, response: ServerResponse): void {
    if (this.answerFault(response, this.nextFault(`list:${code}`))) return;
    if (!this.products.includes(code)) return this.json(response, 404, ERRORS[404]);
    // Newest first, as a listing may well be: the client orders them itself.
    let files = [...this.files.values()].filter((f) => f.product === code).sort((a, b) => (a.fileDataToDate < b.fileDataToDate ? 1 : -1));
    const all = files;
    const from = params.get('fileDataFromDate');
    if (from) files = files.filter((f) => f.fileDataFromDate >= from);
    if (params.get('latest') === 'true') files = files.slice(0, 1);
    const offset = Number(params.get('offset') ?? 0);
    const limit = Number(params.get('limit') ?? 100);
    const page = files.slice(offset, offset + limit);
    this.json(response, 200, {
      count: 1,
      bulkDataProductBag: [
        {
          productIdentifier: code,
          productDescriptionText: `${code} stand-in`,
          productTitleText: `${code} stand-in`,
          productFrequencyText: 'DAILY',
          daysOfWeekText: 'MONDAY',
          productLabelArrayText: ['PATENT'],
          productFromDate: all.at(-1)?.fileDataFromDate ?? '2001-01-01',
          productToDate: all[0]?.fileDataToDate ?? '2001-01-01',
          productTotalFileSize: all.reduce((sum, f) => sum + f.bytes.length, 0),
          productFileTotalQuantity: all.length,
          lastModifiedDateTime: all[0]?.fileLastModifiedDateTime ?? '2001-01-01 00:00:00',
          mimeTypeIdentifierArrayText: ['JSON'],
          productFileBag: {
            count: files.length,
            fileDataBag: params.get('includeFiles') === 'false' ? [] : page.map((f) => this.entry(f)),
          },
        },
      ],
    });
  }

  private entry(f: StandInFile) {
    return {
      fileName: f.fileName,
      fileSize: f.bytes.length,
      fileDataFromDate: f.fileDataFromDate,
      fileDataToDate: f.fileDataToDate,
      fileTypeText: 'Data',
      fileDownloadURI: `${this.url}/api/v1/datasets/products/files/${f.product}/${f.fileName}`,
      fileReleaseDate: f.fileLastModifiedDateTime,
      fileDate: f.fileLastModifiedDateTime,
      fileLastModifiedDateTime: f.fileLastModifiedDateTime,
    };
  }

  /** The file's bytes, from a `Range: bytes=N-` start when asked; a `truncateAfter` fault closes the connection early. */
  private serveBytes(key: string, request: IncomingMessage, response: ServerResponse): void {
    const file = this.files.get(key);
    if (!file) return this.json(response, 404, ERRORS[404]);
    const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    const size = file.bytes.length;
    if (start >= size) {
      response.writeHead(416, { 'content-range': `bytes */${size}` });
      return void response.end();
    }
    const body = file.bytes.subarray(start);
    response.writeHead(range ? 206 : 200, {
      'content-type': 'application/octet-stream',
      'content-length': String(body.length),
      'accept-ranges': 'bytes',
      ...(range ? { 'content-range': `bytes ${start}-${size - 1}/${size}` } : {}),
    });
    const fault = this.nextFault(`bytes:${key}`);
    if (fault !== null && 'truncateAfter' in fault) {
      // The connection drops a moment after the bytes went out (as mid-transfer): a fetch body
      // that errors discards what its reader has not pulled yet, so the close waits for the read.
      response.write(body.subarray(0, fault.truncateAfter), () => setTimeout(() => response.socket?.destroy(), 50));
      return;
    }
    response.end(body);
  }
}
