import type { Plugin } from 'vite';

/** The first cycle among the chunks' static imports, as the chain of its files, or undefined. */
export function chunkCycle(imports: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    state.set(file, 'open');
    path.push(file);
    for (const next of imports.get(file) ?? []) {
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    path.pop();
    state.set(file, 'done');
    return undefined;
  };
  for (const file of imports.keys()) {
    if (state.has(file)) continue;
    const found = visit(file);
    if (found) return found;
  }
  return undefined;
}

/**
 * Stops the build when two chunks import each other, directly or through others: the chunk
 * evaluated first then reads the other's bindings before they are set. Manual groups
 * (`codeSplitting.groups` without their dependencies) can make such a cycle; the bundler builds
 * it without a word (docs/decisions.md, performance rule 5).
 */
export function noChunkCycles(): Plugin {
  return {
    name: 'parc:no-chunk-cycles',
    apply: 'build',
    generateBundle(_, bundle) {
      const imports = new Map<string, string[]>();
      for (const file of Object.values(bundle)) if (file.type === 'chunk') imports.set(file.fileName, file.imports);
      const cycle = chunkCycle(imports);
      if (cycle) this.error(`Des fichiers JavaScript s’importent l’un l’autre : ${cycle.join(' → ')}.`);
    },
  };
}
