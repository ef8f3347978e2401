// Seeded randomness for the sandbox network: every choice is a pure function of a string key, never of the clock.

/** FNV-1a: turns a key into a 32-bit seed, so that each thing (a number, a sailing, a box) has its own stream. */
export function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // A final avalanche: FNV alone leaves keys that differ in their last character too close together.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  return hash >>> 0;
}

/** mulberry32 over a key's hash: small, fast, and reproducible on every platform. */
export class Random {
  #state: number;

  constructor(key: string) {
    this.#state = hashOf(key);
  }

  /** A float in [0, 1). */
  float(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  between(min: number, max: number): number {
    return min + (max - min) * this.float();
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new Error("pick from an empty list");
    return list[Math.floor(this.float() * list.length)] as T;
  }

  /** One of the entries, with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.float() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error("weighted pick from an empty list");
    return last[0];
  }

  digits(n: number): string {
    let out = "";
    for (let i = 0; i < n; i++) out += String(Math.floor(this.float() * 10));
    return out;
  }

  letters(n: number): string {
    let out = "";
    for (let i = 0; i < n; i++) out += String.fromCharCode(65 + Math.floor(this.float() * 26));
    return out;
  }
}
