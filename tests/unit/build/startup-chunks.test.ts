import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Rolldown } from 'vite';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { startupChunks } from '../../../scripts/vite/startup-chunks';

/**
 * A small app shaped like the renderer: main.js loads the theme, then the start, in steps; the
 * start imports a, b and a package; a lazy route imports b too, and c of its own.
 */
const FILES: Record<string, string> = {
  'index.html':
    '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>',
  'main.js': "await import('./theme.js');\nconst { start } = await import('./start.js');\nstart();\n",
  'theme.js': "import { shade } from './palette.js';\nexport const theme = () => shade() + 'theme';\n",
  'palette.js': "export const shade = () => document.title + 'palette';\n",
  'start.js':
    "import { a } from './a.js';\nimport { b } from './b.js';\nimport { theme } from './theme.js';\nimport { pkg } from 'fake-pkg';\n" +
    "import { Sun } from 'lucide-react';\n" +
    "export function start() {\n  document.body.append(a(), b(), theme(), pkg(), Sun());\n  return import('./route.js').then((route) => route.route());\n}\n",
  'a.js': "export const a = () => document.title + 'module a';\n",
  'b.js': "export const b = () => document.title + 'module b';\n",
  'c.js': "export const c = () => document.title + 'module c';\n",
  'route.js':
    "import { b } from './b.js';\nimport { c } from './c.js';\nimport { shade } from './palette.js';\nimport { Moon } from 'lucide-react';\n" +
    'export const route = () => b() + c() + shade() + Moon();\n',
  // A package shaped like lucide-react: a barrel re-exporting one module per icon.
  'node_modules/lucide-react/package.json':
    '{ "name": "lucide-react", "type": "module", "sideEffects": false, "module": "dist/esm/lucide-react.mjs", "main": "dist/esm/lucide-react.mjs" }',
  'node_modules/lucide-react/dist/esm/lucide-react.mjs':
    "export { default as Moon, default as MoonIcon } from './icons/moon.mjs';\nexport { default as Sun, default as SunIcon } from './icons/sun.mjs';\n",
  'node_modules/lucide-react/dist/esm/createLucideIcon.mjs':
    "export default (name) => () => document.title + 'icon ' + name;\n",
  'node_modules/lucide-react/dist/esm/icons/sun.mjs':
    "import createLucideIcon from '../createLucideIcon.mjs';\nexport default createLucideIcon('sun');\n",
  'node_modules/lucide-react/dist/esm/icons/moon.mjs':
    "import createLucideIcon from '../createLucideIcon.mjs';\nexport default createLucideIcon('moon');\n",
  'node_modules/fake-pkg/package.json': '{ "name": "fake-pkg", "type": "module", "main": "index.js" }',
  'node_modules/fake-pkg/index.js': "export const pkg = () => document.title + 'package';\n",
};

const root = mkdtempSync(join(tmpdir(), 'startup-chunks-'));
for (const [file, content] of Object.entries(FILES)) {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), content);
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Each JS chunk's name and the fixture modules it holds (file names). */
async function chunksOf(withStartupChunks: boolean, preload: 'none' | 'all' | 'startup' = 'none') {
  const startup = startupChunks({
    root,
    entry: 'main.js',
    steps: [
      { name: 'theme', module: 'theme.js' },
      { name: 'boot', module: 'start.js' },
    ],
  });
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: withStartupChunks ? [startup.plugin] : [],
    build: {
      write: false,
      minify: false,
      target: 'es2022',
      modulePreload:
        preload === 'none' ? false : preload === 'all' ? {} : { resolveDependencies: startup.resolveDependencies },
      rolldownOptions: { output: { codeSplitting: withStartupChunks ? { groups: startup.groups } : true } },
    },
  })) as Rolldown.RolldownOutput;
  return output.output
    .filter((file): file is Rolldown.OutputChunk => file.type === 'chunk')
    .map((chunk) => ({
      name: chunk.name,
      modules: chunk.moduleIds
        .filter((id) => id.startsWith(root))
        .map((id) => (id.includes('fake-pkg') ? 'fake-pkg' : basename(id)))
        .sort(),
      code: chunk.code,
    }));
}

describe('startupChunks (docs/decisions.md, performance rule 5)', () => {
  it('left alone, the bundler cuts a module the start shares with a lazy route into a chunk of its own', async () => {
    const chunks = await chunksOf(false);
    const holdingB = chunks.find((chunk) => chunk.modules.includes('b.js'))!;
    expect(holdingB.modules).not.toContain('start.js');
    expect(holdingB.modules).not.toContain('a.js');
  });

  it("puts each step's own modules in one chunk, and lazy routes import them from it", async () => {
    const chunks = await chunksOf(true);
    const holding = (module: string) => chunks.find((chunk) => chunk.modules.includes(module))!;

    expect(holding('start.js').name).toBe('boot');
    // With the icon it draws (by name, through the barrel) and Lucide's runtime.
    expect(holding('start.js').modules).toEqual(['a.js', 'b.js', 'createLucideIcon.mjs', 'start.js', 'sun.mjs']);
    // The theme is an earlier step: it keeps its own chunk, so it is still evaluated on its own.
    expect(holding('theme.js').name).toBe('theme');
    expect(holding('theme.js').modules).toEqual(['palette.js', 'theme.js']);
    // Packages are not followed (a barrel would drag in every module of its package).
    expect(holding('fake-pkg').name).not.toBe('boot');
    // What only the lazy route uses stays with it.
    expect(holding('route.js').modules).toEqual(['c.js', 'moon.mjs', 'route.js']);
    expect(holding('route.js').code).toMatch(/from "\.\/boot-[\w-]+\.js"/);
  });

  it('lists, with a lazy route imported once the app runs, only the files the start-up has not loaded', async () => {
    const preloaded = (chunks: Awaited<ReturnType<typeof chunksOf>>) =>
      /__vite__mapDeps=.*?\[([^\]]*)\]/.exec(chunks.find((chunk) => chunk.name === 'boot')!.code)?.[1] ?? '';
    // By default the route's import names the theme's chunk, loaded by an earlier step.
    const every = preloaded(await chunksOf(true, 'all'));
    expect(every).toMatch(/"assets\/route-[\w-]+\.js"/);
    expect(every).toMatch(/"assets\/theme-[\w-]+\.js"/);
    const needed = preloaded(await chunksOf(true, 'startup'));
    expect(needed).toMatch(/"assets\/route-[\w-]+\.js"/);
    expect(needed).not.toMatch(/theme-/);
  });

  it('stops the build when a step names a module that is not in the app', async () => {
    const startup = startupChunks({ root, entry: 'main.js', steps: [{ name: 'boot', module: 'missing.js' }] });
    await expect(
      build({
        root,
        configFile: false,
        logLevel: 'silent',
        plugins: [startup.plugin],
        build: { write: false, rolldownOptions: { output: { codeSplitting: { groups: startup.groups } } } },
      }),
    ).rejects.toThrow('startupChunks : missing.js introuvable dans le graphe des modules.');
  });
});
