/**
 * Faults a stand-in plays back by key, in the order a test queued them. One-shot faults are used
 * once; a sticky fault answers every request for its key until cleared, so a test can model an
 * outage that outlasts any retry budget.
 */
export class FaultQueue<F> {
  private readonly queues = new Map<string, { fault: F; sticky: boolean }[]>();

  /** Queues faults after any already queued for the key, each used once. */
  add(key: string, ...faults: F[]): void {
    this.queues.set(key, [...(this.queues.get(key) ?? []), ...faults.map((fault) => ({ fault, sticky: false }))]);
  }

  /** Replaces the key's queue with one fault that stays. */
  always(key: string, fault: F): void {
    this.queues.set(key, [{ fault, sticky: true }]);
  }

  clear(): void {
    this.queues.clear();
  }

  /** The fault for this request, or null when none is queued. */
  next(key: string): F | null {
    const queue = this.queues.get(key);
    if (!queue || queue.length === 0) return null;
    const [first] = queue;
    if (!first!.sticky) queue.shift();
    return first!.fault;
  }
}
