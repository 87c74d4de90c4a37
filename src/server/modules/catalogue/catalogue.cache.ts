/**
 * The public catalogue lists, kept as JSON for CATALOGUE_CACHE_SECONDS per server instance (the
 * most requested call). A back-office edit clears it in the instance that wrote; other instances
 * follow within the delay.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, { body: string; expiresAt: number }>();

  constructor(private readonly ttlMs: number) {}

  get(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.body;
  }

  set(key: string, body: string) {
    if (this.ttlMs > 0) this.entries.set(key, { body, expiresAt: Date.now() + this.ttlMs });
  }

  clear() {
    this.entries.clear();
  }
}
