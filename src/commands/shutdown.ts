/**
 * One AbortSignal for the whole process (STYLE.md #1): the first SIGINT or SIGTERM aborts it,
 * and the server and worker listening to it shut down gracefully; a second signal ends the
 * process at once, for an operator who will not wait for running jobs.
 */
export function shutdownSignal(log: { info(fields: object, message: string): void }): AbortSignal {
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) process.exit(130);
    log.info({ signal }, 'shutting down');
    controller.abort(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return controller.signal;
}

/** Resolves when `signal` aborts. */
export function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}
