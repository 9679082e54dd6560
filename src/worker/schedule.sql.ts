import type { Queryable } from '../db/database.js';

/**
 * Claims one slot of a schedule entry: true for exactly one caller per (name, slot), however
 * many workers try at once (the row lock serialises them; the loser finds `last_slot` already
 * there). A slot older than the one recorded is never claimed: the schedule only moves forward.
 */
export async function claimScheduleSlot(executor: Queryable, name: string, slot: Date): Promise<boolean> {
  const { rows } = await executor.query(
    /* SQL job_schedule_claim_slot */ `
      INSERT INTO job_schedule (name, last_slot, claimed_at) VALUES ($1, $2, now())
      ON CONFLICT (name) DO UPDATE SET last_slot = EXCLUDED.last_slot, claimed_at = EXCLUDED.claimed_at
        WHERE job_schedule.last_slot < EXCLUDED.last_slot
      RETURNING name`,
    [name, slot],
  );
  return rows.length === 1;
}

/** The database's clock: every worker computes slots from one clock, whatever its host's drift. */
export async function databaseNow(executor: Queryable): Promise<Date> {
  const { rows } = await executor.query<{ now: Date }>(/* SQL job_schedule_now */ `SELECT now() AS now`);
  return rows[0]!.now;
}
