/**
 * Serialised answers (UTF-8 bytes, outside the JavaScript heap), each stored with the data version it was computed
 * at and valid only while that version is current. Least recently used entries go first once the entries' size
 * passes `maxBytes`.
 */
export class VersionedCache {
  private readonly map = new Map<string, { version: number; body: Buffer }>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    /** Entries larger than this are not kept: one huge answer must not flush the rest. */
    private readonly maxEntryBytes = maxBytes / 16,
  ) {}

  /** The entry for a key whatever its version, marked as recently used. */
  peek(key: string): { version: number; body: Buffer } | undefined {
    const entry = this.map.get(key);
    if (entry !== undefined) {
      this.map.delete(key);
      this.map.set(key, entry);
    }
    return entry;
  }

  set(key: string, version: number, body: Buffer): void {
    const size = sizeOf(key, body);
    this.delete(key);
    if (size > this.maxEntryBytes) return;
    this.map.set(key, { version, body });
    this.bytes += size;
    for (const [oldest, entry] of this.map) {
      if (this.bytes <= this.maxBytes) break;
      this.map.delete(oldest);
      this.bytes -= sizeOf(oldest, entry.body);
    }
  }

  delete(key: string): void {
    const entry = this.map.get(key);
    if (entry === undefined) return;
    this.map.delete(key);
    this.bytes -= sizeOf(key, entry.body);
  }

  get size(): number {
    return this.map.size;
  }

  get byteSize(): number {
    return this.bytes;
  }
}

function sizeOf(key: string, body: Buffer): number {
  return key.length + body.length;
}

/**
 * Whole answers kept while a data version is unchanged, computed once however many requests ask at the same time.
 *
 * `read` first reads the current version (one primary-key read): an answer kept at that version is served as is.
 * Otherwise the answer is computed and kept under the version read BEFORE computing, so a write that lands during
 * the computation only makes the next request compute again, never serves older data after the write. Requests
 * for the same key at the same version while one computes wait for that computation (no stampede of identical
 * expensive queries after a write); a request that saw a newer version never joins an older computation.
 */
export class AnswerCache {
  private readonly cache: VersionedCache;
  private readonly flights = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly currentVersion: () => Promise<number>,
    maxBytes: number,
    /** Keys longer than this are not kept (nor shared while computing): their answer is computed each time. */
    private readonly maxKeyLength = 4096,
  ) {
    this.cache = new VersionedCache(maxBytes);
  }

  async read(key: string, compute: () => Promise<string>): Promise<string | Buffer> {
    if (key.length > this.maxKeyLength) return compute();
    const version = await this.currentVersion();
    const entry = this.cache.peek(key);
    if (entry !== undefined && entry.version === version) return entry.body;
    const flightKey = `${version}|${key}`;
    let flight = this.flights.get(flightKey);
    if (flight === undefined) {
      flight = compute()
        .then((text) => {
          const body = Buffer.from(text, 'utf8');
          const kept = this.cache.peek(key);
          // A slower computation at an older version must not replace a newer answer.
          if (kept === undefined || kept.version <= version) this.cache.set(key, version, body);
          return body;
        })
        .finally(() => this.flights.delete(flightKey));
      this.flights.set(flightKey, flight);
    }
    return flight;
  }

  get size(): number {
    return this.cache.size;
  }
}
