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
    "export function start() {\n  document.body.append(a(), b(), theme(), pkg());\n  return import('./route.js').then((route) => route.route());\n}\n",
  'a.js': "export const a = () => document.title + 'module a';\n",
  'b.js': "export const b = () => document.title + 'module b';\n",
  'c.js': "export const c = () => document.title + 'module c';\n",
  'route.js': "import { b } from './b.js';\nimport { c } from './c.js';\nexport const route = () => b() + c();\n",
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
async function chunksOf(withStartupChunks: boolean) {
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
      modulePreload: false,
      rolldownOptions: { output: { codeSplitting: withStartupChunks ? { groups: startup.groups } : true } },
    },
  })) as Rolldown.RolldownOutput;
  return output.output
    .filter((file): file is Rolldown.OutputChunk => file.type === 'chunk')
    .map((chunk) => ({
      name: chunk.name,
      modules: chunk.moduleIds
        .filter((id) => id.startsWith(root))
        .map((id) => (id.includes('node_modules') ? 'fake-pkg' : basename(id)))
        .sort(),
      code: chunk.code,
    }));
}

describe('startupChunks (docs/decisions.md, performance rule 5)', () => {
  it('left alone, the bundler cuts a module the start shares with a lazy route into a chunk of its own', async () => {
    const chunks = await chunksOf(false);
    expect(chunks.find((chunk) => chunk.modules.includes('b.js'))!.modules).toEqual(['b.js']);
  });

  it("puts each step's own modules in one chunk, and lazy routes import them from it", async () => {
    const chunks = await chunksOf(true);
    const holding = (module: string) => chunks.find((chunk) => chunk.modules.includes(module))!;

    expect(holding('start.js').name).toBe('boot');
    expect(holding('start.js').modules).toEqual(['a.js', 'b.js', 'start.js']);
    // The theme is an earlier step: it keeps its own chunk, so it is still evaluated on its own.
    expect(holding('theme.js').name).toBe('theme');
    expect(holding('theme.js').modules).toEqual(['palette.js', 'theme.js']);
    // Packages are not followed (a barrel would drag in every module of its package).
    expect(holding('fake-pkg').name).not.toBe('boot');
    // What only the lazy route uses stays with it.
    expect(holding('route.js').modules).toEqual(['c.js', 'route.js']);
    expect(holding('route.js').code).toMatch(/from "\.\/boot-[\w-]+\.js"/);
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
