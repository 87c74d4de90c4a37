// Lint fixture: a type-only import back is no cycle when the code runs.
import { type B } from './type-only-b';

export interface A {
  b?: B;
}
export const made = 1;
