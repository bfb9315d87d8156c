import { LINE_SEPARATOR } from './bus';

/** Entries per sealed chunk. */
const CHUNK = 64;

/**
 * One replay log of the memory bus, kept compact: it lives as long as the stream plus minutes,
 * and a string plus an array slot per entry (~50 bytes for a token entry of ~25) would be a fifth
 * of a live stream's memory. Entries are single-line (bus.ts), so every CHUNK of them is sealed
 * into one string joined by newlines; only the newest, unsealed ones are separate strings.
 * Trimming is exact: the oldest sealed chunk skips its first entries until all are gone.
 */
export class MemoryLog {
  #sealed: string[] = [];
  #open: string[] = [];
  /** Entries at the start of `#sealed[0]` that were trimmed away. */
  #skip = 0;
  expiresAt = 0;

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.#sealed.length * CHUNK - this.#skip + this.#open.length;
  }

  append(entry: string): void {
    this.#open.push(entry);
    if (this.#open.length === CHUNK) {
      this.#sealed.push(this.#open.join(LINE_SEPARATOR));
      this.#open = [];
    }
    while (this.size > this.maxEntries) this.#dropOldest();
  }

  entries(): string[] {
    const all: string[] = [];
    this.#sealed.forEach((chunk, index) => {
      const lines = chunk.split(LINE_SEPARATOR);
      all.push(...(index === 0 ? lines.slice(this.#skip) : lines));
    });
    all.push(...this.#open);
    return all;
  }

  #dropOldest(): void {
    if (this.#sealed.length === 0) {
      this.#open.shift();
      return;
    }
    this.#skip += 1;
    if (this.#skip === CHUNK) {
      this.#sealed.shift();
      this.#skip = 0;
    }
  }
}
