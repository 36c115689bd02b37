/**
 * At most `concurrency` tasks at once, at most `maxQueued` waiting: a cold
 * burst of image requests is worked through a few at a time, so memory stays
 * flat, and a burst beyond the queue is refused at once instead of piling up.
 */
export class QueueFullError extends Error {
  override name = "QueueFullError";
}

export class Limiter {
  readonly #waiting: (() => void)[] = [];
  #running = 0;

  readonly concurrency: number;
  readonly maxQueued: number;

  constructor(concurrency: number, maxQueued: number) {
    this.concurrency = concurrency;
    this.maxQueued = maxQueued;
  }

  get running(): number {
    return this.#running;
  }

  get queued(): number {
    return this.#waiting.length;
  }

  /** @throws QueueFullError when `maxQueued` tasks are already waiting. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency) {
      if (this.#waiting.length >= this.maxQueued) {
        throw new QueueFullError(`${this.maxQueued} image tasks are already waiting`);
      }
      // The slot is handed over by the task that finishes: #running stays counted.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }
}
