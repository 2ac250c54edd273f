/** `true` when A and B are the same type, else `false`. */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * A compile error unless T is `true`: `Expect<SameType<Written, Inferred>>` keeps a type written
 * by hand and the one inferred from its schema from drifting apart.
 */
export type Expect<T extends true> = T;
