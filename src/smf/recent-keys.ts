// The last N string keys added and a value for each, found by key; adding one more when full drops
// the oldest. Why not a Map: the class 3 join keeps the last 20,000 WTIDs' keys, each lives long
// enough to reach V8's old generation and dies there, and a Map that drops its oldest entry makes a
// new table every few thousand additions: on 1 GB of CSV that garbage made the old generation grow by
// about 30 MB between collections (peak RSS 139 MB against 106 MB on 300 MB). Here the keys'
// characters are copied into arrays made once, so adding a key allocates nothing.
// Platform-neutral.

/** Characters of a key kept in the pool, one byte each; a longer key, or one with a character past
 * 255, is kept as its string. */
const STRIDE = 64;

export class RecentKeys<V> {
  private buckets = new Int32Array(0); // entry + 1 of the first key of each hash bucket; 0: none
  private next = new Int32Array(0); // entry + 1 of the next key in the same bucket
  private hashes = new Int32Array(0);
  private lengths = new Int32Array(0);
  private chars = new Uint8Array(0); // entry e's characters from e * STRIDE
  private long: (string | undefined)[] = [];
  private values: (V | undefined)[] = [];
  private count = 0;
  private oldest = 0;

  constructor(readonly size: number) {}

  get length(): number {
    return this.count;
  }

  get(key: string): V | undefined {
    if (this.count === 0) return undefined;
    const h = hash(key);
    for (let e = this.buckets[h & (this.buckets.length - 1)]!; e !== 0; e = this.next[e - 1]!)
      if (this.hashes[e - 1] === h && this.equals(e - 1, key)) return this.values[e - 1];
    return undefined;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  /** Adds a key that is not here (the caller asks has() first), dropping the oldest when full. */
  add(key: string, value: V): void {
    if (this.size === 0) return;
    if (this.buckets.length === 0) this.allocate();
    let e: number;
    if (this.count < this.size) e = this.count++;
    else {
      e = this.oldest;
      this.unlink(e);
      this.oldest = (this.oldest + 1) % this.size;
    }
    const h = hash(key);
    this.hashes[e] = h;
    this.lengths[e] = key.length;
    this.long[e] = key.length <= STRIDE && this.copy(key, e * STRIDE) ? undefined : key;
    this.values[e] = value;
    const b = h & (this.buckets.length - 1);
    this.next[e] = this.buckets[b]!;
    this.buckets[b] = e + 1;
  }

  /** Made at the first key: a join is made for every file, most of which have no class 3 rows. */
  private allocate(): void {
    let n = 1;
    while (n < this.size * 2) n *= 2;
    this.buckets = new Int32Array(n);
    this.next = new Int32Array(this.size);
    this.hashes = new Int32Array(this.size);
    this.lengths = new Int32Array(this.size);
    this.chars = new Uint8Array(this.size * STRIDE);
    this.long = new Array<string | undefined>(this.size).fill(undefined);
    this.values = new Array<V | undefined>(this.size).fill(undefined);
  }

  private unlink(e: number): void {
    const b = this.hashes[e]! & (this.buckets.length - 1);
    if (this.buckets[b] === e + 1) this.buckets[b] = this.next[e]!;
    else
      for (let p = this.buckets[b]!; p !== 0; p = this.next[p - 1]!)
        if (this.next[p - 1] === e + 1) {
          this.next[p - 1] = this.next[e]!;
          break;
        }
    this.values[e] = undefined;
    this.long[e] = undefined;
  }

  /** Copies the key's characters into the pool from `at`; false for a character past 255. */
  private copy(key: string, at: number): boolean {
    for (let i = 0; i < key.length; i++) {
      const c = key.charCodeAt(i);
      if (c > 255) return false;
      this.chars[at + i] = c;
    }
    return true;
  }

  private equals(e: number, key: string): boolean {
    if (this.lengths[e] !== key.length) return false;
    const long = this.long[e];
    if (long !== undefined) return long === key;
    const at = e * STRIDE;
    for (let i = 0; i < key.length; i++) if (this.chars[at + i] !== key.charCodeAt(i)) return false;
    return true;
  }
}

/** FNV-1a over the UTF-16 code units. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h | 0;
}
