/** The last `capacity` keys added; the oldest is forgotten first. A memory for hints, not a record. */
export class RecentKeys {
  readonly #keys = new Set<string>();

  constructor(private readonly capacity: number) {}

  has(key: string): boolean {
    return this.#keys.has(key);
  }

  add(key: string): void {
    this.#keys.delete(key);
    this.#keys.add(key);
    if (this.#keys.size > this.capacity) {
      const oldest = this.#keys.values().next();
      if (!oldest.done) this.#keys.delete(oldest.value);
    }
  }
}
