import { expect } from 'vitest';
import { parseFileWrapperFile } from '../../src/products/file-wrapper/parse.js';
import type { FileWrapperRecord, ParsedItem } from '../../src/products/file-wrapper/record.js';

/** Reading parser output in tests: items in order, records, rejects, and a one-line summary each. */
export async function collect(items: AsyncIterable<ParsedItem>): Promise<ParsedItem[]> {
  const out: ParsedItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

export const records = (items: ParsedItem[]): FileWrapperRecord[] => items.flatMap((i) => (i.kind === 'record' ? [i.record] : []));
export const rejects = (items: ParsedItem[]) => items.flatMap((i) => (i.kind === 'reject' ? [i] : []));

/** `member#index number` for records, `member#index !reason` for rejects. */
export function summary(items: ParsedItem[]): string[] {
  return items.map((i) => {
    const where = `${i.position.member ?? '-'}#${i.position.index}`;
    return i.kind === 'record' ? `${where} ${i.record.applicationNumber}` : `${where} !${i.reason}`;
  });
}

export async function onlyRecord(file: string): Promise<FileWrapperRecord> {
  const items = await collect(parseFileWrapperFile(file));
  expect(rejects(items)).toEqual([]);
  const all = records(items);
  expect(all).toHaveLength(1);
  return all[0] as FileWrapperRecord;
}
