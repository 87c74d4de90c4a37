import type { CodeSplittingGroup } from 'rolldown';
import type { Plugin } from 'vite';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const isPackage = (id: string) => /[\\/]node_modules[\\/]/.test(id);

/**
 * The app's modules that `from` reaches through static imports, `from` included. Packages are
 * not followed: through a barrel (`lucide-react`, `@chakra-ui/react`) every module of the package
 * looks imported, while the bundle keeps only what is used.
 */
function staticClosure(graph: ModuleGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const queue = [from];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id) || isPackage(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * One chunk per start-up step of the entry (main.tsx: Chakra's runtime and the theme's
 * configuration, the app's system, then the app's start), holding the app's modules that step's
 * module imports statically and no earlier step does. Every page loads all of them before its first render; left
 * alone, the bundler cuts each by which lazy routes also import its modules: about thirty chunks
 * of a few hundred bytes, each with its own request, import and export lines and gzip dictionary
 * (docs/decisions.md, performance rule 5). A step's chunk holds nothing of a later step, so each
 * step still evaluates in a task of its own (rule 15). Groups listed before these (vendor, ui)
 * keep their modules.
 */
export function startupChunks(options: { root: string; entry: string; steps: { name: string; module: string }[] }): {
  plugin: Plugin;
  groups: CodeSplittingGroup[];
} {
  const members = options.steps.map(() => new Set<string>());
  const resolveIn = (file: string) => `${options.root}/${file}`;
  return {
    plugin: {
      name: 'parc:startup-chunks',
      apply: 'build',
      buildEnd(error) {
        for (const set of members) set.clear();
        if (error) return;
        const earlier = staticClosure(this, resolveIn(options.entry));
        options.steps.forEach((step, index) => {
          const closure = staticClosure(this, resolveIn(step.module));
          if (!this.getModuleInfo(resolveIn(step.module))) {
            this.error(`startupChunks : ${step.module} introuvable dans le graphe des modules.`);
          }
          for (const id of closure) {
            if (earlier.has(id)) continue;
            members[index]!.add(id);
            earlier.add(id);
          }
        });
      },
    },
    // Without `includeDependenciesRecursively: false`, a step's group would also take what its
    // modules import from a later or earlier step.
    groups: options.steps.map((step, index) => ({
      name: step.name,
      test: (id: string) => members[index]!.has(id),
      includeDependenciesRecursively: false,
    })),
  };
}
