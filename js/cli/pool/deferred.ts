// A promise with its resolve function at hand, and a signal to wait for the next change of some state.

/** A promise resolved from outside (later resolutions are ignored). */
export class Deferred<T> {
  readonly promise: Promise<T>;
  #resolve!: (value: T) => void;
  #done = false;

  /** A new unresolved promise. */
  constructor() {
    this.promise = new Promise<T>((resolve) => {
      this.#resolve = resolve;
    });
  }

  /** True once resolved. */
  get done(): boolean {
    return this.#done;
  }

  /** Resolves the promise (the first time only). */
  resolve(value: T): void {
    if (this.#done) return;
    this.#done = true;
    this.#resolve(value);
  }
}

/** Wakes up whoever waits for the next change. */
export class Signal {
  #next = new Deferred<void>();

  /** Resolves when notify() is next called. */
  wait(): Promise<void> {
    return this.#next.promise;
  }

  /** Wakes every waiter. */
  notify(): void {
    const d = this.#next;
    this.#next = new Deferred<void>();
    d.resolve();
  }
}
