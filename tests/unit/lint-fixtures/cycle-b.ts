// Lint fixture (tests/unit/lint-boundaries.test.ts): the other half of the cycle.
import { a } from './cycle-a';

export const b = 1;
export const later = () => a();
