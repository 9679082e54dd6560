/**
 * The layouts of ODP JSON (file wrapper, PTAB, office actions). DESIGN.md §5: the inside of the bulk zips is undocumented, so every
 * plausible layout is accepted:
 *
 * - a top-level array: each element is one record (ODP beta `patentBag.sample.json`);
 * - a top-level object holding one of the product's record bags (`patentFileWrapperDataBag`,
 *   `patentBag`, …) as an array, before or after `count` and the other envelope keys: each
 *   element is one record, streamed one at a time;
 * - a top-level object without such a bag: the object itself is one value (a bare record, or an
 *   envelope recognised after assembly such as PEDS `queryResults…docs`; see `expandValue`);
 * - any number of such top-level values one after another (JSON Lines, concatenated JSON).
 *
 * split.ts cuts a stream by these rules; only one record (or one top-level object without a bag)
 * is held at a time, and none may exceed the reader's `MAX_VALUE_CHARS`: a larger one is skipped
 * while streaming and reported, so an unknown layout holding a huge array fails loudly instead of
 * filling memory.
 */
import { isObject, type JsonObject } from './json-value.js';

/** What tells one ODP product's records from its envelopes. */
export interface OdpLayout {
  /** Keys of a top-level envelope whose array holds the records (`patentFileWrapperDataBag`, …). */
  bagKeys: ReadonlySet<string>;
  /**
   * Keys of a top-level envelope's member that is itself an envelope holding the bag (Solr's
   * `{"response": {"numFound": …, "docs": [...]}}`): its bag streams like a top-level one.
   */
  nestedEnvelopeKeys?: ReadonlySet<string>;
  /** True when an assembled object is a record itself (it has the record's key field), not an envelope. */
  isRecord(value: JsonObject): boolean;
  /** The records of another envelope recognised after assembly (PEDS search responses), else null. */
  otherEnvelope?(value: JsonObject): unknown[] | null;
}

/** Keys of an envelope that carry no records (`{count: 0}` alone is an empty answer). */
const ENVELOPE_ONLY_KEYS: ReadonlySet<string> = new Set(['count', 'requestIdentifier']);

/**
 * The records of one assembled top-level value (or one JSON Lines line): an object with a
 * record bag gives the bag's elements, another recognised envelope its records, an array its
 * elements; anything else is itself one record candidate.
 */
export function expandValue(value: unknown, layout: OdpLayout): unknown[] {
  if (Array.isArray(value)) return value;
  if (!isObject(value) || layout.isRecord(value)) return [value];
  for (const key of layout.bagKeys) {
    const bag = value[key];
    if (Array.isArray(bag)) return bag;
  }
  const other = layout.otherEnvelope?.(value) ?? null;
  if (other !== null) return other;
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((k) => ENVELOPE_ONLY_KEYS.has(k)) && value.count === 0) return [];
  return [value];
}
