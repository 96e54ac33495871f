/** What an entry of the cache weighs and until when it may be served. */
export interface Sized {
  bytes: number;
  expiresAt: number;
}

/**
 * A least-recently-used map bounded by the bytes its entries hold (not their number: a page is tens of
 * kilobytes, a listing answer a few), whose entries also lapse at their own time.
 */
export class ByteLru<V extends Sized> {
  readonly #entries = new Map<string, V>();
  #bytes = 0;

  constructor(
    readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The live entry under `key` (now the most recently used), or undefined; a lapsed one is dropped. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expiresAt <= this.now()) {
      this.#bytes -= entry.bytes;
      return undefined;
    }
    this.#entries.set(key, entry);
    return entry;
  }

  /** Stores `value`, evicting the least recently used entries until it fits; false if it can never fit. */
  set(key: string, value: V): boolean {
    this.delete(key);
    if (value.bytes > this.maxBytes) return false;
    this.#entries.set(key, value);
    this.#bytes += value.bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
    return true;
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }
}
