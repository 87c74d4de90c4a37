import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
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

const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g;
const ICON_EXPORT = /export \{([^}]*)\} from '(\.\/icons\/[^']+\.mjs)';/g;

/** Lucide's icon modules by exported name (`MapPin`, `MapPinIcon` → …/icons/map-pin.mjs), read off its barrel. */
function iconFiles(barrel: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, names, file] of readFileSync(barrel, 'utf8').matchAll(ICON_EXPORT)) {
    for (const name of names!.split(','))
      files.set(name.replace(/default as/, '').trim(), resolve(dirname(barrel), file!));
  }
  return files;
}

/** The Lucide icon modules an app module imports by name, and what they import of Lucide's runtime. */
function iconsOf(graph: ModuleGraph, id: string, icons: () => Map<string, string>): string[] {
  // App sources only: not virtual modules (`\0vite/preload-helper.js`).
  if (!isAbsolute(id) || !/\.[jt]sx?$/.test(id)) return [];
  const names = [...readFileSync(id, 'utf8').matchAll(ICON_IMPORT)].flatMap(([, list]) =>
    list!.split(',').map((name) =>
      name
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)[0]!
        .trim(),
    ),
  );
  const found: string[] = [];
  const queue = names.flatMap((name) => icons().get(name) ?? []);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (found.includes(file) || !/[\\/]lucide-react[\\/]/.test(file)) continue;
    found.push(file);
    queue.push(...(graph.getModuleInfo(file)?.importedIds ?? []));
  }
  return found;
}

/**
 * One chunk per start-up step of the entry (main.tsx: Chakra's runtime and the theme's
 * configuration, the app's system, then the app's start), holding the app's modules that step's
 * module imports statically and no earlier step does. Every page loads all of them before its first render; left
 * alone, the bundler cuts each by which lazy routes also import its modules: about thirty chunks
 * of a few hundred bytes, each with its own request, import and export lines and gzip dictionary
 * (docs/decisions.md, performance rule 5). The Lucide icons those modules import go with them. A step's chunk holds nothing of a later step, so each
 * step still evaluates in a task of its own (rule 15). Groups listed before these (vendor, ui)
 * keep their modules.
 */
export function startupChunks(options: { root: string; entry: string; steps: { name: string; module: string }[] }): {
  plugin: Plugin;
  groups: CodeSplittingGroup[];
  resolveDependencies: (file: string, deps: string[], context: { hostId: string; hostType: 'html' | 'js' }) => string[];
} {
  const members = options.steps.map(() => new Set<string>());
  /** The files of the entry and of every step, and what they import: in memory once the app starts. */
  const started = new Set<string>();
  /** The file of the last step (`start.tsx`): when its code runs, every step's files are in. */
  let lastStep: string | undefined;
  const resolveIn = (file: string) => `${options.root}/${file}`;
  return {
    plugin: {
      name: 'parc:startup-chunks',
      apply: 'build',
      buildEnd(error) {
        for (const set of members) set.clear();
        if (error) return;
        const earlier = staticClosure(this, resolveIn(options.entry));
        let icons: Map<string, string> | undefined;
        const barrel = [...this.getModuleIds()].find((id) =>
          /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/.test(id),
        );
        const iconMap = () => (icons ??= barrel ? iconFiles(barrel) : new Map());
        options.steps.forEach((step, index) => {
          if (!this.getModuleInfo(resolveIn(step.module))) {
            this.error(`startupChunks : ${step.module} introuvable dans le graphe des modules.`);
          }
          const closure = staticClosure(this, resolveIn(step.module));
          // The icons these modules draw, by name (the barrel itself is not followed).
          for (const id of [...closure]) for (const icon of iconsOf(this, id, iconMap)) closure.add(icon);
          for (const id of closure) {
            if (earlier.has(id)) continue;
            members[index]!.add(id);
            earlier.add(id);
          }
        });
      },
      // Before Vite writes each dynamic import's list of files to preload (its generateBundle).
      generateBundle: {
        order: 'pre',
        handler(_, bundle) {
          started.clear();
          const startModules = [options.entry, ...options.steps.map((step) => step.module)].map(resolveIn);
          const lastModule = startModules.at(-1)!;
          lastStep = Object.values(bundle).find(
            (file) => file.type === 'chunk' && file.moduleIds.includes(lastModule),
          )?.fileName;
          const queue = Object.values(bundle).flatMap((file) =>
            file.type === 'chunk' && file.moduleIds.some((id) => startModules.includes(id)) ? [file.fileName] : [],
          );
          while (queue.length > 0) {
            const fileName = queue.pop()!;
            if (started.has(fileName)) continue;
            started.add(fileName);
            const chunk = bundle[fileName];
            if (chunk?.type === 'chunk') queue.push(...chunk.imports);
          }
        },
      },
    },
    // Without `includeDependenciesRecursively: false`, a step's group would also take what its
    // modules import from a later or earlier step.
    /**
     * A lazy route imported once the app runs need not name, among the files to fetch with it,
     * those the start-up has already loaded: the route table in `boot` listed them for every
     * route (4.5 KB of file names). Imports made by the entry and the earlier steps keep their
     * list; a dependency left out by mistake would only be fetched a round trip later.
     */
    resolveDependencies: (_file, deps, { hostId, hostType }) =>
      hostType === 'js' && (hostId === lastStep || !started.has(hostId))
        ? deps.filter((dep) => !started.has(dep))
        : deps,
    groups: options.steps.map((step, index) => ({
      name: step.name,
      test: (id: string) => members[index]!.has(id),
      includeDependenciesRecursively: false,
    })),
  };
}
