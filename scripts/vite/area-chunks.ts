import type { CodeSplittingGroup } from 'rolldown';
import type { Plugin } from 'vite';

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Every module `from` imports statically, packages included. */
function fullClosure(graph: ModuleGraph, from: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...from];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The chunks of an area of the app reached only after sign-in (the customer's dashboard and booking
 * page): one per route, holding the modules that route imports statically, packages included, that
 * the start-up has not loaded already and that no pre-rendered public page's route imports, and one
 * for those the area's routes share (docs/decisions.md, performance rule 21). Left alone, the
 * bundler cuts them by which lazy routes share them: about eighty files of one or two kilobytes for
 * `/dashboard`, each a request on one of the phone's six connections to the server, which cost
 * more on a slow network than the kilobytes they save. A module a public page's route also imports
 * keeps its own chunk, so that no public page loads these; another lazy route (the back-office, the
 * kiosk) that shares a module loads that module's chunk whole. What the routes' data requests
 * need (their queries, the API client, the schemas) is a chunk of its own, so that the requests the
 * start-up sends beside the route's chunks wait for that chunk only (performance rule 20).
 */
export function areaChunks(options: {
  root: string;
  /** The area's routes: the chunk's name and its module, from the renderer's root. */
  routes: { name: string; module: string }[];
  /** The name of the chunk of what several of the area's routes import. */
  shared: string;
  /** The chunk of the modules the routes' data requests import (their query modules), by name. */
  data: { name: string; modules: string[] };
  /** What every page has loaded before a route renders: the entry and its start-up steps. */
  startup: string[];
  /** The route modules of the pre-rendered public pages, whose chunks must not grow. */
  publicRoutes: string[];
  /** Groups listed before these keep their modules (vendor, ui, icons). */
  taken: (id: string) => boolean;
}): { plugin: Plugin; groups: CodeSplittingGroup[] } {
  const members = options.routes.map(() => new Set<string>());
  const shared = new Set<string>();
  const data = new Set<string>();
  const resolveIn = (file: string) => `${options.root}/${file}`;
  return {
    plugin: {
      name: 'parc:area-chunks',
      apply: 'build',
      buildEnd(error) {
        for (const set of [...members, shared, data]) set.clear();
        if (error) return;
        const modules = [
          ...options.routes.map((route) => route.module),
          ...options.data.modules,
          ...options.startup,
          ...options.publicRoutes,
        ];
        for (const file of modules) {
          if (!this.getModuleInfo(resolveIn(file)))
            this.error(`areaChunks : ${file} introuvable dans le graphe des modules.`);
        }
        const excluded = fullClosure(this, [...options.startup, ...options.publicRoutes].map(resolveIn));
        for (const id of fullClosure(this, options.data.modules.map(resolveIn))) {
          if (!excluded.has(id) && !options.taken(id)) data.add(id);
        }
        const closures = options.routes.map((route) => fullClosure(this, [resolveIn(route.module)]));
        const uses = new Map<string, number[]>();
        closures.forEach((closure, index) => {
          for (const id of closure) {
            if (excluded.has(id) || data.has(id) || options.taken(id)) continue;
            uses.set(id, [...(uses.get(id) ?? []), index]);
          }
        });
        for (const [id, routes] of uses) (routes.length > 1 ? shared : members[routes[0]!]!).add(id);
      },
    },
    groups: [
      ...options.routes.map((route, index) => ({
        name: route.name,
        test: (id: string) => members[index]!.has(id),
        includeDependenciesRecursively: false,
      })),
      { name: options.shared, test: (id: string) => shared.has(id), includeDependenciesRecursively: false },
      { name: options.data.name, test: (id: string) => data.has(id), includeDependenciesRecursively: false },
    ],
  };
}
