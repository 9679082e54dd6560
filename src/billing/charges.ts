/**
 * What a request costs (spec §8, DESIGN.md D15), in terms any edge can use: a REST handler, an
 * MCP tool or a webhook delivery reports the rows it served; the edge charges the units.
 */
export const ROWS_PER_UNIT = 100;

/** Spec §8 with D15: a list or citation response costs one unit per 100 rows, at least one. */
export function unitsForRows(rows: number): number {
  return Math.max(1, Math.ceil(rows / ROWS_PER_UNIT));
}

/** The part of a request that charging reads and writes. */
export interface Chargeable {
  caller: { balanceUnits: number } | null;
  /** Units this request costs if it succeeds; handlers of list routes set it from their rows. */
  chargeUnits: number;
}

export function chargeForRows(request: Chargeable, rows: number): void {
  request.chargeUnits = unitsForRows(rows);
}

/** D15: a balance never goes negative, so a list returns at most balance × 100 rows. */
export function affordableRows(request: Chargeable): number {
  return (request.caller?.balanceUnits ?? 0) * ROWS_PER_UNIT;
}
