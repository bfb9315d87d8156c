import type { PresenceClaim } from './bus';

interface Entry {
  holder: string;
  /** Member → when its claim runs out (ms). */
  members: Map<string, number>;
}

/** The memory bus's presence keys (see Bus.claimPresence): one process, so a map is atomic. */
export class MemoryPresence {
  readonly #entries = new Map<string, Entry>();

  claim(key: string, { holder, member, ttlMs, takeOverFrom }: PresenceClaim): string {
    const now = Date.now();
    const entry = this.#live(key, now);
    if (entry && entry.holder !== holder && entry.holder !== takeOverFrom) return entry.holder;
    const members = entry?.members ?? new Map<string, number>();
    members.set(member, now + ttlMs);
    this.#entries.set(key, { holder, members });
    return holder;
  }

  holder(key: string): string | undefined {
    return this.#live(key, Date.now())?.holder;
  }

  release(key: string, member: string): void {
    const entry = this.#entries.get(key);
    entry?.members.delete(member);
    this.#live(key, Date.now());
  }

  sweep(): void {
    const now = Date.now();
    for (const key of [...this.#entries.keys()]) this.#live(key, now);
  }

  clear(): void {
    this.#entries.clear();
  }

  /** The entry with its expired members dropped, or undefined (and gone) when none is left. */
  #live(key: string, now: number): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    for (const [member, until] of entry.members) if (until <= now) entry.members.delete(member);
    if (entry.members.size > 0) return entry;
    this.#entries.delete(key);
    return undefined;
  }
}
