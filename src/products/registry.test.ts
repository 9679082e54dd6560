import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { type Product, PRODUCTS, productsOfFamily } from '../domain/products.js';
import { partySources, productNamed, PRODUCT_MODULES } from './registry.js';

it('declares each product once, under the family its codes have in domain/products.ts, daily code first', () => {
  expect(PRODUCT_MODULES.map((p) => p.family)).toEqual([
    'file-wrapper',
    'grants',
    'publications',
    'assignments',
    'maintenance-fees',
    'ptab',
    'office-actions',
  ]);
  for (const product of PRODUCT_MODULES) {
    expect(product.codes).toEqual(productsOfFamily(product.family));
    expect(product.catalogue[0]!.backfile).toBe(false);
  }
  expect(productNamed('file-wrapper')?.codes).toEqual(['PTFWPRD', 'PTFWPRE']);
  expect(productNamed('assignments')?.codes).toEqual(['PASDL', 'PASYR']);
  expect(productNamed('ptab')?.codes).toEqual(['PTAB']);
  expect(productNamed('office-actions')?.codes).toEqual(['OA']);
});

it("applies each product's own file-name date rule", () => {
  const dateOf = (family: string, name: string) => productNamed(family)!.fileNameDate(name);
  expect(dateOf('grants', 'ipg221025.zip')).toBe('2022-10-25');
  expect(dateOf('publications', 'ipa230117.xml')).toBe('2023-01-17');
  expect(dateOf('file-wrapper', 'PTFWPRD-20261120.zip')).toBe('2026-11-20');
  expect(dateOf('grants', 'US11646472B2-v47.xml')).toBeNull();
  expect(dateOf('maintenance-fees', 'MaintFeeEvents_20241112.zip')).toBe('2024-11-12');
  expect(dateOf('assignments', 'ad20150727.xml')).toBe('2015-07-27');
  expect(dateOf('ptab', 'ptab-decisions-20261124.json')).toBe('2026-11-24');
  expect(productNamed('ptab')!.datedByRecords).toBe(true);
  expect(productNamed('maintenance-fees')!.datedByRecords).toBe(false);
  expect(productNamed('grants')!.datedByRecords).toBe(true);
  expect(productNamed('file-wrapper')!.datedByRecords).toBe(false);
});

it('gives every module each part: catalogue, recognition, parse, load, holdings and demo data', () => {
  const families = new Set<string>();
  for (const module of PRODUCT_MODULES) {
    expect(families.has(module.family), module.family).toBe(false);
    families.add(module.family);
    expect(module.catalogue.length, module.family).toBeGreaterThan(0);
    expect(module.codes).toEqual(module.catalogue.map((entry) => entry.code));
    expect(module.markers.length, module.family).toBeGreaterThan(0);
    expect(typeof module.load).toBe('function');
    expect(typeof module.demo).toBe('function');
    expect(module.holds.table).toMatch(/^[a-z_]+$/);
  }
  // Every code of the office's catalogue is one module's, and no module invents one.
  expect(PRODUCT_MODULES.flatMap((module) => module.codes).sort()).toEqual([...PRODUCTS].sort());
  // Every party table is walked once, the file wrapper's people first.
  const sources = partySources();
  expect(sources.map((source) => source.phase)).toEqual(['applications', 'documents', 'recordations', 'bags', 'trials']);
  expect(new Set(sources.map((source) => source.table)).size).toBe(sources.length);
});

it('names a product code only in its own folder and in the domain catalogue', () => {
  const src = join(import.meta.dirname, '..');
  const codes = new Map(PRODUCT_MODULES.flatMap((module) => module.codes.map((code) => [code, module.family] as const)));
  // Quoted as code quotes it (prettier's single quotes, template literals); prose in comments says "PTAB" with double quotes.
  const literal = new RegExp(`['\`](${[...codes.keys()].join('|')})['\`]`, 'g');
  const found: string[] = [];
  for (const name of readdirSync(src, { recursive: true }) as string[]) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts') || name === join('domain', 'products.ts')) continue;
    // The OpenAPI examples are answers recorded from the demo corpus, whose provenance names products: data, not knowledge.
    if (name.startsWith(join('http', 'discovery', 'operation-examples') + '/')) continue;
    for (const match of readFileSync(join(src, name), 'utf8').matchAll(literal)) {
      const owner = codes.get(match[1] as Product)!;
      if (!name.startsWith(join('products', owner) + '/')) found.push(`${name}: ${match[0]}`);
    }
  }
  expect(found).toEqual([]);
});
