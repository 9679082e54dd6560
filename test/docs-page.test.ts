import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app.js';

/**
 * `/docs` as a person opens it: headless Chromium against the app listening on a port, every
 * operation of /openapi.json on the page, its examples shown, and nothing fetched from another host.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Document {
  paths: Record<string, Record<string, { operationId: string; tags: string[] }>>;
}

let ctx: TestContext;
let base: string;
let browser: Browser | undefined;
beforeAll(async () => {
  ctx = await createTestApp();
  base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});

/** Chromium, or a failure that says what is missing: the page test is never skipped. */
async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is not at ${CHROMIUM}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH`);
  }
  return (browser = await chromium.launch({ executablePath: CHROMIUM }));
}
afterAll(async () => {
  await browser?.close();
  await ctx?.close();
});

describe('GET /docs', () => {
  it('is a free public page with a policy that lets it load nothing from elsewhere', async () => {
    const response = await fetch(`${base}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-credits-charged')).toBe('0');
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("img-src 'self' data:;");
    expect(policy).not.toContain('validator.swagger.io');
    const html = await response.text();
    expect(html.match(/(?:src|href)="[^"]*"/g)?.every((link) => /^(?:src|href)="\/docs\/static\//.test(link))).toBe(true);
    // The files come from the installed package, and the page's document is the one /openapi.json serves.
    expect((await fetch(`${base}/docs/static/swagger-ui-bundle.js`)).status).toBe(200);
    const [shown, served] = await Promise.all([fetch(`${base}/docs/json`), fetch(`${base}/openapi.json`)]);
    expect(await shown.json()).toEqual(await served.json());
  });

  it('is not an operation of the document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json<Document>();
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/docs'))).toEqual([]);
    expect(JSON.stringify(doc)).toContain('interactive reference: [/docs](/docs)');
  });

  it('shows every operation of /openapi.json in Chromium, with its examples, and asks no other host', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json<Document>();
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method: method.toUpperCase(), ...operation })),
    );
    const page = await (await launchChromium()).newPage();
    const requested: string[] = [];
    const complaints: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('console', (message) => message.type() === 'error' && complaints.push(message.text()));
    page.on('pageerror', (error) => complaints.push(error.message));
    await page.goto(`${base}/docs`);
    await page.waitForFunction(`document.querySelectorAll('.opblock').length >= ${operations.length}`, undefined, { timeout: 30_000 });

    const shown = await page.$$eval('.opblock', (blocks) =>
      blocks.map((block) => ({
        id: block.id,
        method: block.querySelector('.opblock-summary-method')?.textContent,
        path: block.querySelector('.opblock-summary-path')?.getAttribute('data-path'),
      })),
    );
    const expected = operations.map(({ path, method, operationId, tags }) => ({
      id: `operations-${tags[0]}-${operationId}`,
      method,
      path,
    }));
    expect(shown).toHaveLength(operations.length);
    expect(shown).toEqual(expect.arrayContaining(expected));

    // Opened, an operation shows its documented answer from the demo corpus.
    await page.click('#operations-applications-getApplication .opblock-summary-control');
    await page.waitForSelector('#operations-applications-getApplication .responses-wrapper .example');
    const example = await page.textContent('#operations-applications-getApplication .responses-wrapper .example');
    expect(example).toContain('"ANTI-PD-1 ANTIBODY"');

    expect(requested.length).toBeGreaterThan(4);
    expect(requested.filter((url) => new URL(url).origin !== base)).toEqual([]);
    expect(complaints).toEqual([]);
    await page.close();
  });
});
