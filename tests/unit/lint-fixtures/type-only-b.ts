// Lint fixture: imports a value from type-only-a, which only imports a type back.
import { made } from './type-only-a';

export type B = { made: typeof made };
