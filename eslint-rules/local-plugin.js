import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * The project's own lint rules (docs/architecture.md, "Boundaries"). ESLint's no-restricted-imports
 * matches import strings; these rules resolve each import to the file it names, so a relative
 * path cannot slip past them:
 * - `local/boundaries`: a feature never imports another feature nor app/; a server module imports
 *   only another module's public face (its `*.service.ts` and `*.public.ts` files), never a
 *   repository; src/main and src/preload never import the server or the renderer.
 * - `local/no-import-cycle`: no chain of value imports leads back to the file (type-only imports
 *   and dynamic import() do not count: they create no cycle when the code runs).
 * - `local/no-module-cycle`: no two server modules import each other, type-only imports included:
 *   a module's dependencies go one way.
 */

const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

function toPosix(path) {
  return path.split(sep).join('/');
}

/** The file an import names, or null for a package. `@shared/...` and `@renderer/...` are the vite/vitest aliases. */
function resolveImport(fromFile, specifier, root) {
  let base;
  if (specifier.startsWith('.')) base = resolve(dirname(fromFile), specifier);
  else if (specifier.startsWith('@shared/')) base = resolve(root, 'src/shared', specifier.slice('@shared/'.length));
  else if (specifier.startsWith('@renderer/'))
    base = resolve(root, 'src/renderer', specifier.slice('@renderer/'.length));
  else return null;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not this extension; try the next.
    }
  }
  // A file that does not exist (yet): still classified by its path.
  return base;
}

/** A renderer leaf (a feature, or the admin application beside them) and its name. */
const FEATURE = /^src\/renderer\/(?:features\/(?=[^/]+\/)|(?=admin\/))([^/]+)\//;
const MODULE = /^src\/server\/modules\/([^/]+)\//;
/** What a module shows the others (docs/architecture.md, "Boundaries"): its services and the files named public. */
const PUBLIC_FACE = /\.(service|public)(\.[jt]sx?)?$/;

/** Why `from` may not import `to` (both repository-relative), or null when it may. */
export function boundaryViolation(from, to) {
  const fromFeature = FEATURE.exec(from)?.[1];
  if (fromFeature) {
    const toFeature = FEATURE.exec(`${to}/`)?.[1];
    if (toFeature && toFeature !== fromFeature) {
      return `A feature never imports another feature (${fromFeature} → ${toFeature}): compose them in src/renderer/app/.`;
    }
    if (to.startsWith('src/renderer/app/')) return 'Features do not import app code (shared → features → app).';
  }
  const fromModule = MODULE.exec(from)?.[1];
  if (fromModule) {
    const toModule = MODULE.exec(to)?.[1];
    if (toModule && toModule !== fromModule && /\.repository(\.[jt]sx?)?$/.test(to)) {
      return `A module never reads another module's repository (${fromModule} → ${toModule}): call its service.`;
    }
    if (toModule && toModule !== fromModule && !PUBLIC_FACE.test(to)) {
      return `A module imports only another module's public face, its *.service.ts or *.public.ts files (${fromModule} → ${to.slice(to.lastIndexOf('/') + 1)}).`;
    }
  }
  if (!fromModule && from.startsWith('src/server/') && MODULE.test(to) && /\.repository(\.[jt]sx?)?$/.test(to)) {
    return "The server's composition roots (app.ts, the CLIs, plugins/) never read a module's repository: call its service.";
  }
  if (/^src\/(main|preload)\//.test(from) && /^src\/(server|renderer)(\/|$)/.test(to)) {
    return 'The desktop shell (src/main, src/preload) never imports the server or the renderer: only src/shared.';
  }
  if (from.startsWith('src/shared/') && /^src\/(server|renderer|main|preload)(\/|$)/.test(to)) {
    return 'src/shared imports nothing of ours.';
  }
  return null;
}

function isTypeOnlyDeclaration(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return (
    node.type === 'ImportDeclaration' &&
    specifiers.length > 0 &&
    specifiers.every((s) => s.type === 'ImportSpecifier' && s.importKind === 'type')
  );
}

/** Imports of a file on disk, resolved, each marked type-only or not; cached per file and modification time. */
const edgesCache = new Map();

function importsOf(file, root) {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return [];
  }
  const cached = edgesCache.get(file);
  if (cached && cached.mtimeMs === stat.mtimeMs) return cached.edges;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const edges = [];
  for (const statement of source.statements) {
    let specifier;
    let typeOnly = false;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const named = clause?.namedBindings;
      const allTypes =
        clause &&
        !clause.name &&
        named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((element) => element.isTypeOnly);
      typeOnly = Boolean(clause?.isTypeOnly || allTypes);
      specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      typeOnly = statement.isTypeOnly;
      specifier = statement.moduleSpecifier;
    }
    if (specifier && ts.isStringLiteral(specifier)) {
      const target = resolveImport(file, specifier.text, root);
      if (target) edges.push({ target, typeOnly });
    }
  }
  edgesCache.set(file, { mtimeMs: stat.mtimeMs, edges });
  return edges;
}

/** Value imports of a file on disk, resolved. */
function valueImportsOf(file, root) {
  return importsOf(file, root)
    .filter((edge) => !edge.typeOnly)
    .map((edge) => edge.target);
}

/** The shortest chain of value imports from `start` back to `target`, or null. */
function chainBack(start, target, root) {
  const parent = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of valueImportsOf(file, root)) {
      if (next === target) {
        const chain = [target];
        for (let at = file; at !== null; at = parent.get(at)) chain.unshift(at);
        return chain;
      }
      if (!parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

function importSources(context, onSource) {
  const visit = (node) => {
    if (node.source && node.source.type === 'Literal' && typeof node.source.value === 'string') onSource(node);
  };
  return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit };
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Layer boundaries, checked on the resolved path of each import' },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const from = toPosix(relative(root, file));
    const check = (node, specifier) => {
      const target = resolveImport(file, specifier, root);
      if (!target) return;
      const message = boundaryViolation(from, toPosix(relative(root, target)));
      if (message) context.report({ node, message });
    };
    return {
      ...importSources(context, (node) => check(node, node.source.value)),
      ImportExpression(node) {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string') check(node, node.source.value);
      },
    };
  },
};

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle between our files (value imports)' },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    return importSources(context, (node) => {
      if (isTypeOnlyDeclaration(node)) return;
      const target = resolveImport(file, node.source.value, root);
      if (!target) return;
      const chain = target === file ? [file, file] : chainBack(target, file, root);
      if (!chain) return;
      const shown = (target === file ? chain : [file, ...chain]).map((f) => toPosix(relative(root, f)));
      context.report({ node, message: `Import cycle: ${shown.join(' → ')}` });
    });
  },
};

/** A server module's folder and name from a repository-relative path (lint fixtures keep the same layout under their folder). */
const MODULE_FOLDER = /^((?:.*\/)?src\/server\/modules\/)([^/]+)\//;

function filesUnder(folder) {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

const noModuleCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No two server modules import each other (type-only imports included)' },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const from = MODULE_FOLDER.exec(toPosix(relative(root, file)));
    if (!from) return {};
    const check = (node, specifier) => {
      const target = resolveImport(file, specifier, root);
      if (!target) return;
      const to = MODULE_FOLDER.exec(toPosix(relative(root, target)));
      if (!to || to[1] !== from[1] || to[2] === from[2]) return;
      const fromFolder = resolve(root, from[1], from[2]) + sep;
      const back = filesUnder(resolve(root, to[1], to[2])).find((other) =>
        importsOf(other, root).some((edge) => edge.target.startsWith(fromFolder)),
      );
      if (!back) return;
      context.report({
        node,
        message: `Modules import each other (${from[2]} → ${to[2]} here, ${to[2]} → ${from[2]} in ${toPosix(relative(root, back))}): a module's dependencies go one way.`,
      });
    };
    return {
      ...importSources(context, (node) => check(node, node.source.value)),
      ImportExpression(node) {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string') check(node, node.source.value);
      },
    };
  },
};

export default {
  meta: { name: 'local' },
  rules: { boundaries, 'no-import-cycle': noImportCycle, 'no-module-cycle': noModuleCycle },
};
