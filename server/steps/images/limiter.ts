/**
 * Transformations admitted by what they cost, not only counted: at most
 * `concurrency` at once (one per core: the CPU), and together at most
 * `budgetBytes` of estimated memory (cost.ts: the container). A task that does
 * not fit waits, first come first served, so a large one is not passed over
 * for ever by small ones; at most `maxQueued` wait, and a burst beyond that is
 * refused at once instead of piling up.
 */
export class QueueFullError extends Error {
  override name = "QueueFullError";
}

/** A task that could never fit, even alone: the caller should not have asked (see affordableFormat). */
export class OverBudgetError extends Error {
  override name = "OverBudgetError";
}

interface Waiting {
  readonly costBytes: number;
  readonly admit: () => void;
}

export class Limiter {
  readonly #waiting: Waiting[] = [];
  #running = 0;
  #bytesInUse = 0;

  readonly concurrency: number;
  readonly maxQueued: number;
  readonly budgetBytes: number;

  constructor(concurrency: number, maxQueued: number, budgetBytes = Infinity) {
    this.concurrency = concurrency;
    this.maxQueued = maxQueued;
    this.budgetBytes = budgetBytes;
  }

  get running(): number {
    return this.#running;
  }

  get queued(): number {
    return this.#waiting.length;
  }

  /** The estimated memory of the tasks running now. */
  get bytesInUse(): number {
    return this.#bytesInUse;
  }

  #fits(costBytes: number): boolean {
    return this.#running < this.concurrency && this.#bytesInUse + costBytes <= this.budgetBytes;
  }

  #start(costBytes: number): void {
    this.#running++;
    this.#bytesInUse += costBytes;
  }

  /** Admits waiting tasks in order while the first one fits. */
  #admitWaiting(): void {
    while (this.#waiting.length > 0 && this.#fits(this.#waiting[0]!.costBytes)) {
      const next = this.#waiting.shift()!;
      this.#start(next.costBytes);
      next.admit();
    }
  }

  /**
   * @throws OverBudgetError when `costBytes` exceeds the whole budget.
   * @throws QueueFullError when `maxQueued` tasks are already waiting.
   */
  async run<T>(task: () => Promise<T>, costBytes = 0): Promise<T> {
    if (costBytes > this.budgetBytes) {
      throw new OverBudgetError(
        `a task of ${costBytes} bytes cannot fit a budget of ${this.budgetBytes} bytes`,
      );
    }
    if (this.#waiting.length === 0 && this.#fits(costBytes)) {
      this.#start(costBytes);
    } else {
      if (this.#waiting.length >= this.maxQueued) {
        throw new QueueFullError(`${this.maxQueued} image tasks are already waiting`);
      }
      // Counted as running by #admitWaiting, before it is woken.
      await new Promise<void>((admit) => this.#waiting.push({ costBytes, admit }));
    }
    try {
      return await task();
    } finally {
      this.#running--;
      this.#bytesInUse -= costBytes;
      this.#admitWaiting();
    }
  }
}
