// Lint fixture: module alpha names a type of module beta, which names one of alpha back. No cycle
// when the code runs, but two modules depending on each other (local/no-module-cycle).
import type { Beta } from '../beta/beta.service';

export interface Alpha {
  beta?: Beta;
}
export const alpha = 1;
