/**
 * The shape of a translation of `T`: the same keys, each text a string. A French catalogue is typed
 * `Texts<typeof xEn>`, so the compiler checks that every English key has a French text.
 */
export type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
