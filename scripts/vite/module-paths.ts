import type { Plugin } from 'vite';

/** A chunk group's modules named by their paths (`modulesAt`): the bundler's test and the paths it was made of. */
export interface ModulePaths {
  test: RegExp;
  paths: readonly string[];
}

/** Each path a `{a,b}` stands for, alone: 'x/{a,b}.js' → ['x/a.js', 'x/b.js']. */
export function alternativesOf(path: string): string[] {
  const found = /\{([^}]*)\}/.exec(path);
  if (!found) return [path];
  const before = path.slice(0, found.index);
  const after = path.slice(found.index + found[0].length);
  return found[1]!.split(',').flatMap((option) => alternativesOf(`${before}${option}${after}`));
}

/** A path as a pattern, on any platform's separators: `*` for any part of one name, `{a,b}` for one of the names. */
function pattern(path: string): string {
  return path
    .split(/(\{[^}]*\}|\*)/)
    .map((part): string =>
      part === '*'
        ? '[^\\\\/]*'
        : part.startsWith('{')
          ? `(?:${part.slice(1, -1).split(',').map(pattern).join('|')})`
          : part.replace(/[.+?^$()|[\]\\]/g, '\\$&').replaceAll('/', '[\\\\/]'),
    )
    .join('');
}

/**
 * The modules at these paths (the end of each module's id), for a group of `codeSplitting`: `*` stands
 * for any part of one name, `{a,b}` for one of the names listed.
 */
export function modulesAt(paths: string[]): ModulePaths {
  return { test: new RegExp(`(?:${paths.map(pattern).join('|')})$`), paths };
}

/** The paths of a group, each `{a,b}` taken alone, that no module of the bundle answers. */
export function unmatchedPaths(group: ModulePaths, moduleIds: readonly string[]): string[] {
  return group.paths.flatMap(alternativesOf).filter((path) => {
    const test = new RegExp(`${pattern(path)}$`);
    return !moduleIds.some((id) => test.test(id));
  });
}

/**
 * Stops the build when a path given to `modulesAt` names no module of the bundle: a misspelt path, a
 * module a package renamed or moved, or one the bundle no longer holds would leave its group smaller
 * without a word, and its pages loading more files (docs/decisions.md, performance rule 5).
 */
export function everyModulePathUsed(groups: Record<string, ModulePaths>): Plugin {
  return {
    name: 'parc:every-module-path-used',
    apply: 'build',
    generateBundle(_, bundle) {
      const moduleIds = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? file.moduleIds : []));
      const missing = Object.entries(groups).flatMap(([name, group]) =>
        unmatchedPaths(group, moduleIds).map((path) => `« ${path} » (groupe ${name})`),
      );
      if (missing.length > 0) this.error(`Aucun module ne correspond à ces chemins : ${missing.join(', ')}.`);
    },
  };
}
