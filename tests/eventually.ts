/**
 * The one way a test waits for something that happens in the background — a job run, an email or a
 * push received, a server up — instead of sleeping a fixed time: it asks `probe` again every
 * `intervalMs` until `until` accepts its answer, and fails at the deadline saying what it last saw.
 * @param options.until whether the answer is the one waited for
 * @param options.failure the error message at the deadline, from the last answer
 * @param options.timeoutMs how long to wait at most (default 15 s: a loaded CI machine is slow)
 * @param options.intervalMs how long between two probes (default 50 ms)
 * @returns the first answer `until` accepted
 * @throws Error with `failure(last)` when the deadline passes first; whatever `probe` throws
 */
export async function eventually<T>(
  probe: () => T | Promise<T>,
  options: {
    until: (value: T) => boolean;
    failure: (last: T) => string;
    timeoutMs?: number;
    intervalMs?: number;
  },
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const value = await probe();
    if (options.until(value)) return value;
    if (Date.now() > deadline) throw new Error(options.failure(value));
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 50));
  }
}
