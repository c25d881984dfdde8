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
