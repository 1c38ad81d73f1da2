/** A burst of triggers waits for a quiet period (capped) and becomes one build, those during a build one more; never two at once. */

/** `run` runs one build and should not throw; `maxWaitMs`: longest a steady stream of triggers may postpone it. */
interface BuildQueueOptions {
  run: (trigger: string) => Promise<void>;
  debounceMs: number;
  maxWaitMs: number;
}

export class BuildQueue {
  #options: BuildQueueOptions;
  #timer: NodeJS.Timeout | undefined;
  #firstAt = 0;
  #pending: string[] = [];
  #running: Promise<void> | undefined;
  #stopped = false;
  #idleWaiters: Array<() => void> = [];

  constructor(options: BuildQueueOptions) {
    this.#options = options;
  }

  trigger(source: string) {
    if (this.#stopped) return this.state;
    this.#pending.push(source);
    if (!this.#running) this.#arm();
    return this.state;
  }

  /** What the queue is doing: a build running; one waiting (debounce or behind the running one), with the triggers folded into it. */
  get state() {
    return { running: Boolean(this.#running), queued: this.#pending.length > 0, pendingTriggers: this.#pending.length };
  }

  #arm(): void {
    const now = Date.now();
    if (this.#timer === undefined) this.#firstAt = now;
    clearTimeout(this.#timer);
    const delay = Math.max(0, Math.min(this.#options.debounceMs, this.#firstAt + this.#options.maxWaitMs - now));
    this.#timer = setTimeout(() => this.#start(), delay);
  }

  #start(): void {
    this.#timer = undefined;
    if (this.#stopped || this.#running || this.#pending.length === 0) return;
    // One build answers every trigger so far; its name is the first one's (the rest are counted).
    const triggers = this.#pending.splice(0);
    const label = triggers.length > 1 ? `${triggers[0]}+${triggers.length - 1}` : (triggers[0] ?? '');
    this.#running = this.#options
      .run(label)
      .catch(() => {})
      .finally(() => {
        this.#running = undefined;
        // Triggers that came during the build: one more build, after its own quiet period.
        if (this.#pending.length > 0 && !this.#stopped) this.#arm();
        else this.#notifyIdle();
      });
  }

  #notifyIdle(): void {
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }

  /** Resolves when no build runs and none waits. */
  idle(): Promise<void> {
    if (!this.#running && this.#pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Drops waiting builds, accepts no more triggers, and waits for the running one (abort it first to hurry). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#pending = [];
    await this.#running;
    this.#notifyIdle();
  }
}
