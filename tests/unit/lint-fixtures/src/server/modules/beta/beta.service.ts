// Lint fixture: the other half of alpha.service.ts's two-way dependency, type-only too.
import { type Alpha } from '../alpha/alpha.service';

export type Beta = { alpha?: Alpha };
