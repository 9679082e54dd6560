/**
 * `work`, or a rejection after `ms` (the work is not cancelled: its answer is ignored). For the
 * probes a load balancer or a scraper waits on (`/health`, `/metrics`), which must answer even when
 * the database does not.
 */
export async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
