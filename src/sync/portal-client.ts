/**
 * The Open Data Portal's bulk-data API as sync uses it (reference/odp/: ODP-API.yaml, the Product
 * Data page and bulkdata-response-schema.json): GET /api/v1/datasets/products/{code} lists a
 * product's files (`includeFiles`, `latest`, `fileDataFromDate`, `offset`, `limit`), and
 * GET /api/v1/datasets/products/files/{code}/{fileName} answers a 302 to a signed address that
 * expires in seconds, so every download or resume asks this address again. The key goes in
 * X-API-KEY. Errors come as {code, error, errorDetails?, requestIdentifier?}.
 */
import { portalRequests } from '../metrics.js';
import type { FileQuery } from './products.js';
import { parseRetryAfter, PortalError, type PortalErrorKind, type RetryPolicy, withRetry, type RetryNotice } from './retry.js';

const OUTCOMES: Record<PortalErrorKind, string> = {
  forbidden: 'other',
  'not-found': 'no_match',
  'rate-limited': 'rate_limited',
  server: 'server_error',
  network: 'network',
  truncated: 'network',
  'too-large': 'other',
  'bad-response': 'other',
};

/** One entry of a product's `productFileBag.fileDataBag`. */
export interface PortalFile {
  fileName: string;
  /** Bytes; the page's table calls it a String, the samples a Number: either is read. */
  fileSize: number;
  fileDataFromDate: string | null;
  fileDataToDate: string | null;
  /** As printed ("2024-12-17 19:49:00" or ISO): compared, never parsed. */
  fileLastModifiedDateTime: string | null;
}

/** Files asked for per page. */
const PAGE = 100;
/** A listing longer than this many pages is a portal ignoring `offset`, not a product. */
const MAX_PAGES = 200;

export interface PortalClientOptions {
  baseUrl: string;
  apiKey: string;
  retry: RetryPolicy;
  signal?: AbortSignal;
  onRetry?: (what: string, notice: RetryNotice) => void;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

function readFile(value: unknown): PortalFile | null {
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Record<string, unknown>;
  const fileName = text(entry.fileName);
  const size = typeof entry.fileSize === 'string' && /^\d+$/.test(entry.fileSize) ? Number(entry.fileSize) : entry.fileSize;
  // A name with a path in it would write outside the download directory.
  if (fileName === null || /[/\\]|^\.\.?$/.test(fileName) || typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0)
    return null;
  return {
    fileName,
    fileSize: size,
    fileDataFromDate: text(entry.fileDataFromDate),
    fileDataToDate: text(entry.fileDataToDate),
    fileLastModifiedDateTime: text(entry.fileLastModifiedDateTime),
  };
}

/** The files of `code` in one response body; the search page's sample nests the product bag one array deeper. */
function filesOf(body: unknown, code: string): PortalFile[] {
  const bag = (body as { bulkDataProductBag?: unknown })?.bulkDataProductBag;
  if (!Array.isArray(bag)) throw new PortalError('bad-response', `the portal's answer for ${code} has no bulkDataProductBag`, false);
  const products = bag.flat() as Array<{ productIdentifier?: unknown; productFileBag?: { fileDataBag?: unknown } }>;
  const product = products.find((p) => String(p?.productIdentifier).toUpperCase() === code) ?? null;
  const entries = product?.productFileBag?.fileDataBag;
  if (!Array.isArray(entries)) return [];
  return entries.map((entry) => {
    const file = readFile(entry);
    if (file === null)
      throw new PortalError('bad-response', `the portal listed a ${code} file without a usable fileName or fileSize`, false);
    return file;
  });
}

/** The portal's error body in one line: `Not Found: No matching records found (request 07c5…)`. */
async function errorLine(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const parts = [text(body?.error) ?? response.statusText, text(body?.errorDetails)].filter((p) => p !== null);
  const request = text(body?.requestIdentifier);
  return `${response.status} ${parts.join(': ')}${request ? ` (request ${request})` : ''}`;
}

export class PortalClient {
  constructor(private readonly options: PortalClientOptions) {}

  /** The download address of a product's file (it answers a redirect to the bytes). */
  fileUrl(code: string, fileName: string): string {
    return `${this.options.baseUrl}/api/v1/datasets/products/files/${encodeURIComponent(code)}/${encodeURIComponent(fileName)}`;
  }

  /**
   * One request with the key for `product` (counted in its metrics): a 2xx response is returned
   * (its body unread); anything else is a PortalError, retryable for 429, 5xx and a lost
   * connection. A POST carries `body` (the search APIs).
   */
  async send(product: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<Response> {
    try {
      const response = await this.answer(url, headers, body);
      portalRequests.inc({ product, outcome: 'ok' });
      return response;
    } catch (error) {
      if (error instanceof PortalError) portalRequests.inc({ product, outcome: OUTCOMES[error.kind] });
      throw error;
    }
  }

  private async answer(url: string, headers: Record<string, string>, body: string | undefined): Promise<Response> {
    const request = body === undefined ? {} : { method: 'POST', body };
    let response = await this.fetch(url, { 'X-API-KEY': this.options.apiKey, ...headers }, 'manual', request);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      // The download's 302 goes to a signed address of its own: followed without our key.
      await response.body?.cancel();
      response = await this.fetch(new URL(location, url).toString(), headers, 'follow', {});
    }
    if (response.ok) return response;
    const line = await errorLine(response);
    if (response.status === 429) throw new PortalError('rate-limited', line, true, parseRetryAfter(response.headers.get('retry-after')));
    if (response.status >= 500) throw new PortalError('server', line, true);
    if (response.status === 401 || response.status === 403) throw new PortalError('forbidden', `${line}: check USPTO_API_KEY`, false);
    if (response.status === 404) throw new PortalError('not-found', line, false);
    if (response.status === 413) throw new PortalError('too-large', line, false);
    throw new PortalError('bad-response', line, false);
  }

  private async fetch(
    url: string,
    headers: Record<string, string>,
    redirect: 'manual' | 'follow',
    request: { method?: string; body?: string },
  ): Promise<Response> {
    try {
      return await fetch(url, { ...request, headers, redirect, signal: this.options.signal });
    } catch (error) {
      if (this.options.signal?.aborted) throw error;
      const cause = (error as Error).cause as Error | undefined;
      throw new PortalError('network', `cannot reach ${new URL(url).host}: ${cause?.message ?? (error as Error).message}`, true, null, {
        cause: error,
      });
    }
  }

  /** `send` retried by the policy. */
  async sendWithRetry(
    product: string,
    url: string,
    what: string,
    headers: Record<string, string> = {},
    body?: string,
    /** Awaited before each try (a caller's pace between requests). */
    before: () => Promise<void> = async () => undefined,
  ): Promise<Response> {
    const attempt = async () => {
      await before();
      return this.send(product, url, headers, body);
    };
    return withRetry(this.options.retry, attempt, {
      signal: this.options.signal,
      onRetry: (notice) => this.options.onRetry?.(what, notice),
    });
  }

  /** A product's files as the query selects them, every page read. */
  async listFiles(code: string, query: FileQuery): Promise<PortalFile[]> {
    const found = new Map<string, PortalFile>();
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const params = new URLSearchParams({ includeFiles: 'true' });
      if (query.kind === 'latest') params.set('latest', 'true');
      else {
        if (query.kind === 'from') params.set('fileDataFromDate', query.date);
        params.set('offset', String(found.size));
        params.set('limit', String(PAGE));
      }
      const url = `${this.options.baseUrl}/api/v1/datasets/products/${encodeURIComponent(code)}?${params.toString()}`;
      const response = await this.sendWithRetry(code, url, `list ${code}`);
      const body: unknown = await response.json().catch(() => {
        throw new PortalError('bad-response', `the portal's answer for ${code} is not JSON`, false);
      });
      const files = filesOf(body, code);
      const before = found.size;
      for (const file of files) found.set(file.fileName, file);
      if (query.kind === 'latest' || files.length < PAGE || found.size === before) break;
    }
    return [...found.values()];
  }
}
