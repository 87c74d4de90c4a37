// Lint fixture (tests/unit/lint-boundaries.test.ts): half of an import cycle.
import { b } from './cycle-b';

export const a = () => b + 1;
