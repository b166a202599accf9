/**
 * Shapes of JSON values, checked at runtime and read by the checker: one definition gives a
 * value's type (`ShapeOf<typeof s>`) and the test that a parsed value has it. Objects may hold
 * keys their shape does not name (a newer writer's additions are not an error); a named key
 * must hold its shape, and an optional one may be absent.
 */

/** A JSON value's shape: `is` tells whether a value has it; `T` is the type it stands for. */
export interface Shape<T> {
  readonly is: (v: unknown) => v is T;
}

/** The type a shape stands for. */
export type ShapeOf<S> = S extends Shape<infer T> ? T : never;

type Fields = Record<string, Shape<unknown>>;
type Flat<T> = { [K in keyof T]: T[K] };
type ObjectOf<R extends Fields, O extends Fields> = Flat<
  { [K in keyof R]: ShapeOf<R[K]> } & { [K in keyof O]?: ShapeOf<O[K]> }
>;

// Each combinator builds its own `{ is }`, with no shared helper: audit-details.ts builds ~150
// shapes when it loads, and a helper called that often was compiled by the optimising JIT on every
// Stop hook, ~2 MiB of the process's peak RSS (bench/RESULTS.md).

/** A string. */
export const str: Shape<string> = { is: (v): v is string => typeof v === "string" };
/** A finite number. */
export const num: Shape<number> = { is: (v): v is number => typeof v === "number" && Number.isFinite(v) };
/** true or false. */
export const bool: Shape<boolean> = { is: (v): v is boolean => typeof v === "boolean" };

/** One of the given strings (or booleans). */
export function lit<const L extends readonly (string | boolean)[]>(...values: L): Shape<L[number]> {
  return { is: (v): v is L[number] => values.some((x) => x === v) };
}

/** The shape, or null. */
export function nullable<T>(s: Shape<T>): Shape<T | null> {
  return { is: (v): v is T | null => v === null || s.is(v) };
}

/** An array whose every item has the shape. */
export function arr<T>(s: Shape<T>): Shape<T[]> {
  return { is: (v): v is T[] => Array.isArray(v) && v.every((x) => s.is(x)) };
}

/** An object (not an array) with the `required` keys and, when present, the `optional` ones. */
export function obj<R extends Fields, O extends Fields = Record<never, never>>(
  required: R,
  optional?: O,
): Shape<ObjectOf<R, O>> {
  const req = Object.entries(required), opt = Object.entries(optional ?? {});
  return {
    is: (v): v is ObjectOf<R, O> => {
      if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
      const o = new Map(Object.entries(v));
      return req.every(([k, s]) => o.has(k) && s.is(o.get(k))) &&
        opt.every(([k, s]) => !o.has(k) || s.is(o.get(k)));
    },
  };
}

/** Any one of the shapes (e.g. the variants of a record, told apart by their fields). */
export function oneOf<S extends readonly Shape<unknown>[]>(...shapes: S): Shape<ShapeOf<S[number]>> {
  return { is: (v): v is ShapeOf<S[number]> => shapes.some((s) => s.is(v)) };
}

/** A key-by-key record of one shape (e.g. counts by name). */
export function recordOf<T>(s: Shape<T>): Shape<Record<string, T>> {
  return {
    is: (v): v is Record<string, T> =>
      typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((x) => s.is(x)),
  };
}
