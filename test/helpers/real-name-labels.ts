/**
 * The hand-labelled real names of test/fixtures/real-name-labels.csv (how they were labelled:
 * real-name-labels.md beside it), and the pairwise score of a clustering against their labels.
 * Pure apart from reading the file.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const LABELS_FILE = resolve(import.meta.dirname, '../fixtures/real-name-labels.csv');

/**
 * How the resolver meets a name: `ingest` for a party row the loaders write from its sample file
 * (found again by file, record, role and seq); the others for names the loaders do not keep as
 * parties, handed to the resolver's own batch functions as it would meet them: `recordation` as
 * a party of a file wrapper's copy of a recordation (no name type), `inventor` as an inventor
 * with a place, `trial` as a PTAB party.
 */
type Via = 'ingest' | 'recordation' | 'inventor' | 'trial';

export interface LabelledName {
  id: number;
  via: Via;
  /** Relative to the samples folder. */
  file: string;
  /** Application, document, reel/frame or trial number, as the sample prints it. */
  record: string;
  role: string;
  seq: number;
  /** As printed (an ingested party: as the loader stores it). */
  name: string;
  city: string | null;
  region: string | null;
  country: string | null;
  /** Name parts, where the file gives them apart (PEDS inventors). */
  lastName: string | null;
  firstName: string | null;
  kind: 'company' | 'person' | 'several';
  /** The real-world entity, as the labeller judged it. */
  entity: string;
  /** The lineage (renames, changes of legal form, mergers) where it is not the entity alone. */
  family: string;
  note: string;
}

const VIAS: readonly Via[] = ['ingest', 'recordation', 'inventor', 'trial'];
const KINDS: readonly LabelledName['kind'][] = ['company', 'person', 'several'];

export function readLabels(path = LABELS_FILE): LabelledName[] {
  const [header, ...records] = parseCsv(readFileSync(path, 'utf8'));
  const at = (record: string[], column: string) => {
    const index = header!.indexOf(column);
    if (index < 0) throw new Error(`${path}: no column ${column}`);
    return record[index] ?? '';
  };
  const orNull = (text: string) => (text === '' ? null : text);
  return records.map((record, index) => {
    if (record.length !== header!.length)
      throw new Error(`${path}: record ${index + 1} has ${record.length} fields, not ${header!.length}`);
    const via = at(record, 'via') as Via;
    const kind = at(record, 'kind') as LabelledName['kind'];
    if (!VIAS.includes(via) || !KINDS.includes(kind) || at(record, 'entity') === '')
      throw new Error(`${path}: row ${at(record, 'id')} is not labelled right`);
    return {
      id: Number(at(record, 'id')),
      via,
      file: at(record, 'file'),
      record: at(record, 'record'),
      role: at(record, 'role'),
      seq: Number(at(record, 'seq')),
      name: at(record, 'name'),
      city: orNull(at(record, 'city')),
      region: orNull(at(record, 'region')),
      country: orNull(at(record, 'country')),
      lastName: orNull(at(record, 'last_name')),
      firstName: orNull(at(record, 'first_name')),
      kind,
      entity: at(record, 'entity'),
      family: at(record, 'family') || at(record, 'entity'),
      note: at(record, 'note'),
    };
  });
}

/** RFC 4180: fields in double quotes may hold commas, doubled quotes and line breaks; nothing is trimmed (printed names keep their spaces). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) field += c;
    else if (c === ',') endField();
    else if (c === '\n') endRecord();
    else if (c !== '\r') field += c;
  }
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

export interface PairCounts {
  /** Pairs the resolver put in one entity that carry one label. */
  tp: number;
  /** Pairs the resolver put in one entity that carry two labels (false merges). */
  fp: number;
  /** Pairs with one label the resolver kept apart (missed merges). */
  fn: number;
  precision: number;
  recall: number;
}

export interface PairScore extends PairCounts {
  occurrences: number;
  /** Occurrences the resolver filed under no entity: each alone, so every pair it has a label for is missed. */
  unresolved: number;
  /** The same counts over pairs printed differently: identical strings are trivially one entity. */
  differentlyPrinted: PairCounts;
  /** Resolver clusters holding several labels (the false merges), each label with its spellings. */
  falseMerges: string[];
  /** Labels the resolver spread over several clusters (the missed merges), each cluster with its spellings and places. */
  missedMerges: string[];
}

export interface Clustered {
  row: LabelledName;
  /** The resolver's cluster; null or '' when it filed the name under none. */
  predicted: string | null;
  /** The label's cluster (the entity, or the family). */
  truth: string;
}

/**
 * Pairwise precision and recall of a clustering, over every unordered pair {a, b} of occurrences:
 *
 *   TP = #{ {a,b} : predicted(a) = predicted(b) ≠ none  and  truth(a) = truth(b) }
 *   FP = #{ {a,b} : predicted(a) = predicted(b) ≠ none  and  truth(a) ≠ truth(b) }
 *   FN = #{ {a,b} : not (predicted(a) = predicted(b) ≠ none)  and  truth(a) = truth(b) }
 *
 *   precision = TP / (TP + FP)        recall = TP / (TP + FN)
 *
 * (1 when the denominator is 0). An occurrence left unresolved joins no pair.
 */
export function scorePairs(items: readonly Clustered[]): PairScore {
  const all = { tp: 0, fp: 0, fn: 0 };
  const different = { tp: 0, fp: 0, fn: 0 };
  for (let i = 0; i < items.length; i++)
    for (let j = i + 1; j < items.length; j++) {
      const [a, b] = [items[i]!, items[j]!];
      const together = !!a.predicted && a.predicted === b.predicted;
      const same = a.truth === b.truth;
      if (!together && !same) continue;
      const kind = together && same ? 'tp' : together ? 'fp' : 'fn';
      all[kind] += 1;
      if (a.row.name !== b.row.name) different[kind] += 1;
    }
  // Each unresolved occurrence is a cluster of its own.
  const cluster = (item: Clustered, index: number) => item.predicted || `unresolved #${index}`;
  const indexed = items.map((item, index) => ({ item, cluster: cluster(item, index) }));
  const merges = [...groupBy(indexed, (x) => x.cluster)].filter(([, members]) => new Set(members.map((m) => m.item.truth)).size > 1);
  const splits = [...groupBy(indexed, (x) => x.item.truth)].filter(([, members]) => new Set(members.map((m) => m.cluster)).size > 1);
  return {
    occurrences: items.length,
    unresolved: items.filter((item) => !item.predicted).length,
    ...withRatios(all),
    differentlyPrinted: withRatios(different),
    falseMerges: merges.map(([id, members]) => `${id} holds ${parts(members, (m) => m.item.truth, false)}`).sort(),
    missedMerges: splits
      .map(
        ([truth, members]) =>
          `[${truth}] spread over ${new Set(members.map((m) => m.cluster)).size}: ${parts(members, (m) => m.cluster, true)}`,
      )
      .sort(),
  };
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/** The members split by `keyOf`, each part as its distinct spellings: `{ "A" @ place ×2 | "B" } {…}`. */
function parts<T extends { item: Clustered; cluster: string }>(
  members: readonly T[],
  keyOf: (member: T) => string,
  withPlace: boolean,
): string {
  return [...groupBy(members, keyOf)]
    .map(([key, group]) => {
      const spellings = new Map<string, number>();
      for (const { item } of group) {
        const place = [item.row.city, item.row.country].filter((part) => part !== null).join(', ');
        const text = `"${item.row.name}"${withPlace && place !== '' ? ` @ ${place}` : ''}`;
        spellings.set(text, (spellings.get(text) ?? 0) + 1);
      }
      const listed = [...spellings].map(([text, n]) => (n > 1 ? `${text} ×${n}` : text)).join(' | ');
      return withPlace ? `{ ${listed} }` : `[${key}] { ${listed} }`;
    })
    .join(' ');
}

function withRatios(counts: { tp: number; fp: number; fn: number }): PairCounts {
  const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
  return { ...counts, precision: ratio(counts.tp, counts.tp + counts.fp), recall: ratio(counts.tp, counts.tp + counts.fn) };
}

/** Scores as a few lines for the test output. */
export function describeScore(title: string, score: PairScore): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const d = score.differentlyPrinted;
  return [
    `${title}: ${score.occurrences} occurrences (${score.unresolved} unresolved)`,
    `  all pairs:                 TP ${score.tp}  FP ${score.fp}  FN ${score.fn}  precision ${pct(score.precision)}  recall ${pct(score.recall)}`,
    `  differently printed pairs: TP ${d.tp}  FP ${d.fp}  FN ${d.fn}  precision ${pct(d.precision)}  recall ${pct(d.recall)}`,
    `  false merges (${score.falseMerges.length} clusters):`,
    ...score.falseMerges.map((line) => `    ${line}`),
    `  missed merges (${score.missedMerges.length} labels):`,
    ...score.missedMerges.map((line) => `    ${line}`),
  ].join('\n');
}
