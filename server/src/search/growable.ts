/** A typed array that grows as numbers are pushed, for the section index's tables (outside the JS heap). No I/O. */

/** A typed array that grows as numbers are pushed (doubling), then is trimmed to its length. */
export class Growable<T extends Uint32Array | Uint16Array> {
  private array: T;
  length = 0;

  constructor(
    private readonly Type: { new (length: number): T },
    capacity = 64,
  ) {
    this.array = new Type(capacity);
  }

  push(value: number): void {
    if (this.length === this.array.length) {
      const larger = new this.Type(this.array.length * 2);
      larger.set(this.array);
      this.array = larger;
    }
    this.array[this.length++] = value;
  }

  at(index: number): number {
    return this.array[index];
  }

  set(index: number, value: number): void {
    this.array[index] = value;
  }

  /** The numbers pushed (a view: valid until the next push). */
  view(): T {
    return this.array.subarray(0, this.length) as T;
  }

  /** Holds these numbers instead (a restored index's). */
  replace(array: T): void {
    this.array = array;
    this.length = array.length;
  }

  /** Gives back the room past the length. */
  trim(): void {
    this.array = this.array.slice(0, this.length) as T;
  }
}
