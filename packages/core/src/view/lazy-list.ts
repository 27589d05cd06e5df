/**
 * A read-only array whose items are made the first time they are read. A history can hold tens
 * of thousands of events (the proxy passes documents up to 5 MiB), and labelling them all
 * (dates formatted in each place's zone, places, facts) took most of a second in one task; the
 * timeline shows a window of them, so only the rows shown are labelled. Reads, `length`,
 * iteration, `slice`, `map` and deep equality behave as for a plain array.
 */
export function lazyList<T>(length: number, make: (index: number) => T): readonly T[] {
  const made: T[] = new Array<T>(length);
  const indexOf = (prop: string | symbol): number | undefined => {
    if (typeof prop !== 'string') return undefined;
    const index = Number(prop);
    return Number.isInteger(index) && index >= 0 && index < length && String(index) === prop ? index : undefined;
  };
  const item = (index: number): T => {
    if (!(index in made)) made[index] = make(index);
    return made[index]!;
  };
  return new Proxy(made, {
    get(target, prop, receiver) {
      const index = indexOf(prop);
      return index === undefined ? Reflect.get(target, prop, receiver) : item(index);
    },
    has(target, prop) {
      return indexOf(prop) !== undefined || Reflect.has(target, prop);
    },
    ownKeys(target) {
      return [...Array.from({ length }, (_, i) => String(i)), ...Reflect.ownKeys(target).filter((k) => indexOf(k) === undefined)];
    },
    getOwnPropertyDescriptor(target, prop) {
      const index = indexOf(prop);
      if (index === undefined) return Reflect.getOwnPropertyDescriptor(target, prop);
      item(index);
      return Reflect.getOwnPropertyDescriptor(target, prop);
    },
    set() {
      return false;
    },
  });
}
