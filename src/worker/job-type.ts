import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { Services } from '../services.js';

/** What a handler gets besides its payload: the composition root's services, the same instances REST uses. */
export interface JobContext {
  services: Services;
  /** Aborted when the job's time is up or the worker shuts down: stop, and let the queue run the job again. */
  signal: AbortSignal;
  /** 1 on the first run, 2 on the first retry … */
  attempt: number;
  log: JobLog;
}

export interface JobLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * One job type (STYLE.md #7): its queue name, a versioned payload schema, retries with backoff,
 * a dedupe key and an idempotent handler. A job may run more than once (a worker killed after
 * the work but before the acknowledgement, or a time-out): `handle` must make a second run of
 * the same payload change nothing more.
 */
export interface JobType<S extends TSchema = TSchema> {
  /** Queue name, `area.verb-noun`: `maintenance.prune-ingest-runs`. */
  name: string;
  /** Every accepted payload version; each carries `$version` (a later version is added to a union, never edited in place). */
  payload: S;
  retry: {
    /** Runs after the first one fails. */
    limit: number;
    /** Seconds before the first retry; with `backoff`, retry n waits between delay·2^(n−1) and delay·2^n. */
    delaySeconds: number;
    backoff: boolean;
  };
  /** A run lasting longer is presumed dead (its worker killed): its signal is aborted and the job retried. */
  expireInSeconds: number;
  /** Jobs of this type one worker process runs at the same time. */
  concurrency: number;
  /** At most one job with this key waits in the queue (not yet started); a second enqueue is a no-op. */
  dedupeKey(payload: Static<S>): string;
  handle(payload: Static<S>, context: JobContext): Promise<void>;
}

/** Declares a job type with its payload type inferred from the schema. */
export function defineJob<S extends TSchema>(job: JobType<S>): JobType<S> {
  return job;
}

/** Thrown by a handler (or the payload check) when running the job again cannot succeed: the job fails without retries. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/** Payloads come out of the database as `unknown`: checked against the declared schema before any use. */
export function parsePayload<S extends TSchema>(job: JobType<S>, data: unknown): Static<S> {
  if (Value.Check(job.payload, data)) return data;
  const first = Value.Errors(job.payload, data)[0];
  const where = first ? `${first.instancePath || '/'}: ${first.message}` : 'does not match';
  throw new PermanentJobError(`payload of ${job.name} is invalid (${where})`);
}
