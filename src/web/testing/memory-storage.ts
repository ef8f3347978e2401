// localStorage's interface over a Map, for the unit tests of what the dashboard keeps in the browser (saved views,
// column choices), which run without a browser.

/** `full`: every write is refused, as a full or disabled storage refuses it. */
export function memoryStorage({ full = false }: { full?: boolean } = {}): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => {
      if (full) throw new DOMException("quota", "QuotaExceededError");
      items.set(key, String(value));
    },
  };
}
