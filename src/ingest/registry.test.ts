import { expect, it } from 'vitest';
import { PRODUCT_CATALOGUE, productsOfFamily } from '../domain/products.js';
import { productNamed, REGISTRY } from './registry.js';

it('declares each product once, under the family its codes have in domain/products.ts, daily code first', () => {
  expect(REGISTRY.map((p) => p.family)).toEqual([
    'file-wrapper',
    'grants',
    'publications',
    'assignments',
    'maintenance-fees',
    'ptab',
    'office-actions',
  ]);
  for (const product of REGISTRY) {
    expect(product.codes).toEqual(productsOfFamily(product.family));
    expect(PRODUCT_CATALOGUE[product.codes[0]!].backfile).toBe(false);
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
