/**
 * An unbounded async queue: `push` from callbacks (socket events, stream readers), `for await` on the
 * other side, ended by `end()` or failed by `fail(error)` after the items already pushed. Hand-written
 * because it is a dozen lines and no small browser-safe package does only this.
 */
export class AsyncQueue<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private wake: (() => void) | undefined;
  private done = false;
  private error: unknown;

  push(item: T): void {
    if (this.done) return;
    this.items.push(item);
    this.notify();
  }

  /** No more items: the iteration ends after the ones pushed. */
  end(): void {
    this.done = true;
    this.notify();
  }

  /** The iteration throws `error` after the items pushed. */
  fail(error: unknown): void {
    if (this.done) return;
    this.error = error;
    this.done = true;
    this.notify();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for (;;) {
      if (this.items.length > 0) {
        yield this.items.shift() as T;
        continue;
      }
      if (this.done) {
        if (this.error !== undefined) throw this.error;
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
