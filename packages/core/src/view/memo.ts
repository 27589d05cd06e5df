/**
 * Remembers the last call: the same arguments (by identity, `Object.is`) give back the same
 * result object, so that everything keyed on that object (the map's redraw, Lit's property
 * check) sees "unchanged". Any changed argument computes afresh.
 */
export function memoizeLast<A extends readonly unknown[], R>(compute: (...args: A) => R): (...args: A) => R {
  let last: { readonly args: A; readonly result: R } | undefined;
  return (...args: A): R => {
    if (last && last.args.length === args.length && last.args.every((arg, i) => Object.is(arg, args[i]))) return last.result;
    const result = compute(...args);
    last = { args, result };
    return result;
  };
}
