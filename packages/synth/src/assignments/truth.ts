/**
 * What the generator knows about the parties of its assignment files, for measuring entity
 * resolution: every printed name (with the printed city, state and country of an assignee) and
 * the real company or person it belongs to, the company families that mergers and changes of
 * name make, and each patent's true current owner. Plain JSON-serialisable data.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { connectedGroups } from '../../../../src/domain/connected-groups.js';
import type { Address, EntityKind, EntityRegistry } from './entities.js';
import type { Succession } from './plan.js';
import { iso } from '../core/random.js';

export interface TruthName {
  name: string;
  /** As printed on an assignee; null for an assignor (the files print its name only). */
  city: string | null;
  state: string | null;
  country: string | null;
  /** `company:<n>` or `person:<n>`. */
  id: string;
}

export interface TruthCompany {
  id: string;
  kind: EntityKind;
  /** The first of its spellings. */
  name: string;
  city: string;
  state: string | null;
  country: string | null;
}

export interface AssignmentTruth {
  /** Companies printed in the files (ids are stable for the corpus's applicants: the cast's order). */
  companies: TruthCompany[];
  /** Distinct printed names, in the order first printed. */
  names: TruthName[];
  /** Company ids that belong together because of a merger or change of name, oldest first; only families of two or more. */
  families: string[][];
  successions: Array<{ from: string; to: string; kind: 'merger' | 'change-of-name'; date: string; reelFrame: string }>;
  /** Patent number (as the corpus writes it) → the company holding it now, or the first inventor (`person:<n>`) of a patent the inventors kept. */
  owners: Record<string, string>;
}

export const companyId = (entity: number) => `company:${entity}`;
export const personId = (person: number) => `person:${person}`;

export class TruthCollector {
  private readonly names = new Map<string, TruthName>();
  private readonly printed = new Set<number>();

  /** `people`: false leaves the inventors out (two entries per application of a benchmark corpus). */
  constructor(private readonly people: boolean) {}

  company(entity: number, name: string, address: Address | null): void {
    this.printed.add(entity);
    this.add({
      name,
      city: address?.city ?? null,
      state: address?.state ?? null,
      country: address?.country ?? null,
      id: companyId(entity),
    });
  }

  person(person: number, name: string): void {
    if (this.people) this.add({ name, city: null, state: null, country: null, id: personId(person) });
  }

  private add(entry: TruthName): void {
    const key = `${entry.id}\u0000${entry.name}\u0000${entry.city}\u0000${entry.state}\u0000${entry.country}`;
    if (!this.names.has(key)) this.names.set(key, entry);
  }

  finish(
    registry: EntityRegistry,
    successions: ReadonlyArray<Succession & { reelFrame: string }>,
    owners: Record<string, string>,
  ): AssignmentTruth {
    const companies = [...this.printed]
      .sort((a, b) => a - b)
      .map((index) => {
        const e = registry.get(index);
        const home = e.addresses[0]!;
        return { id: companyId(index), kind: e.kind, name: e.variants[0]!, city: home.city, state: home.state, country: home.country };
      });
    // A family is listed by its oldest member.
    const families = connectedGroups(successions.map((s) => [s.from, s.to] as const));
    return {
      companies,
      names: [...this.names.values()],
      families: families.filter((f) => f.length > 1).map((f) => f.map(companyId)),
      successions: successions.map((s) => ({
        from: companyId(s.from),
        to: companyId(s.to),
        kind: s.kind,
        date: iso(s.day),
        reelFrame: s.reelFrame,
      })),
      owners,
    };
  }
}

/** Writes the truth as JSON, streamed: with the inventors, a benchmark corpus's truth is larger than one string may be. */
export async function writeTruthFile(path: string, truth: AssignmentTruth): Promise<void> {
  const out = createWriteStream(path);
  const closed = once(out, 'close');
  let chunk = '';
  const put = async (text: string) => {
    chunk += text;
    if (chunk.length < 1 << 20) return;
    const ok = out.write(chunk);
    chunk = '';
    if (!ok) await once(out, 'drain');
  };
  await put(`{"companies":${JSON.stringify(truth.companies)},\n"families":${JSON.stringify(truth.families)},\n`);
  await put(`"successions":${JSON.stringify(truth.successions)},\n"names":[`);
  for (let k = 0; k < truth.names.length; k++) await put(`${k === 0 ? '\n' : ',\n'}${JSON.stringify(truth.names[k])}`);
  await put('\n],\n"owners":{');
  let first = true;
  for (const [patent, owner] of Object.entries(truth.owners)) {
    await put(`${first ? '\n' : ',\n'}${JSON.stringify(patent)}:${JSON.stringify(owner)}`);
    first = false;
  }
  await put('\n}}\n');
  out.end(chunk);
  await closed;
}
