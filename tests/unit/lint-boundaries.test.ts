import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundaries of docs/architecture.md are refused by `npm run lint` itself: each case lints a
 * small file with the project's own ESLint configuration and expects the refusal (or, for the
 * allowed imports, none). Paths are virtual except the cycle's, which needs files on disk
 * (tests/unit/lint-fixtures, left out of the normal lint run).
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BOUNDARY_RULES = new Set(['local/boundaries', 'no-restricted-imports']);

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT, ignore: false });
});

async function refusals(filePath: string, code: string, rules = BOUNDARY_RULES): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId && rules.has(m.ruleId))
    .map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint refuses', { timeout: 60_000 }, () => {
  it('a feature importing another feature, by a relative path from a nested file too', async () => {
    expect(await refusals('src/renderer/features/alpha/page.tsx', "export { Beta } from '../beta/page';\n")).toContain(
      'local/boundaries: A feature never imports another feature (alpha → beta): compose them in src/renderer/app/.',
    );
    const nested = await refusals(
      'src/renderer/features/alpha/api/get-alpha.ts',
      "import { getBeta } from '../../beta/api/get-beta';\nexport const x = getBeta;\n",
    );
    expect(nested).toContain(
      'local/boundaries: A feature never imports another feature (alpha → beta): compose them in src/renderer/app/.',
    );
  });

  it('a feature importing app code', async () => {
    expect(
      await refusals(
        'src/renderer/features/alpha/page.tsx',
        "import { router } from '../../app/router';\nexport const r = router;\n",
      ),
    ).toContain('local/boundaries: Features do not import app code (shared → features → app).');
  });

  it('the admin application importing a feature or app code, or imported by a feature or renderer/shared; app/ may load it', async () => {
    expect(
      await refusals(
        'src/renderer/admin/queue/page.tsx',
        "export { ChatPanel } from '@renderer/features/chat/chat-panel';\n",
      ),
    ).toContain(
      'local/boundaries: A feature never imports another feature (admin → chat): compose them in src/renderer/app/.',
    );
    expect(
      await refusals('src/renderer/admin/queue/page.tsx', "export { router } from '@renderer/app/router';\n"),
    ).toContain('local/boundaries: Features do not import app code (shared → features → app).');
    expect(
      await refusals(
        'src/renderer/features/chat/page.tsx',
        "export { QueuePage } from '@renderer/admin/queue/queue-page';\n",
      ),
    ).toContain(
      'local/boundaries: A feature never imports another feature (chat → admin): compose them in src/renderer/app/.',
    );
    expect(
      await refusals(
        'src/renderer/shared/ui/thing.tsx',
        "export { QueuePage } from '@renderer/admin/queue/queue-page';\n",
      ),
    ).not.toEqual([]);
    expect(
      await refusals(
        'src/renderer/app/admin/routes.tsx',
        "import { api } from '@renderer/shared/api/client';\nexport const page = () => import('@renderer/admin/queue/queue-page');\nexport const a = api;\n",
      ),
    ).toEqual([]);
  });

  it("a climb of two levels or more anywhere in the renderer, instead of '@renderer/...'", async () => {
    const message =
      "no-restricted-imports: '../../shared/api/client' import is restricted from being used by a pattern. Import from the renderer's root, '@renderer/...', not '../../' (docs/architecture.md, \"Layers\").";
    for (const file of [
      'src/renderer/app/admin/x.tsx',
      'src/renderer/admin/queue/x.tsx',
      'src/renderer/shared/ui/x/y.tsx',
    ]) {
      expect(await refusals(file, "export { api } from '../../shared/api/client';\n")).toContain(message);
    }
  });

  it("a server module importing another module's repository", async () => {
    expect(
      await refusals(
        'src/server/modules/alpha/alpha.service.ts',
        "import { findCustomerById } from '../auth/auth.repository';\nexport const f = findCustomerById;\n",
      ),
    ).toEqual(["local/boundaries: A module never reads another module's repository (alpha → auth): call its service."]);
  });

  it("a server module importing another module's file that is not its public face, by any path", async () => {
    const message = (file: string) =>
      `local/boundaries: A module imports only another module's public face, its *.service.ts or *.public.ts files (alpha → ${file}).`;
    expect(
      await refusals(
        'src/server/modules/alpha/alpha.service.ts',
        "import { toBookingSummary } from '../bookings/bookings.mapper';\nexport const f = toBookingSummary;\n",
      ),
    ).toEqual([message('bookings.mapper.ts')]);
    expect(
      await refusals(
        'src/server/modules/alpha/nested/alpha-part.ts',
        "import type { Thing } from '../../payments/payment-context';\nexport type T = Thing;\n",
      ),
    ).toEqual([message('payment-context.ts')]);
  });

  it('drizzle-orm outside repositories and src/server/db/', async () => {
    const code = "import { eq } from 'drizzle-orm';\nexport const e = eq;\n";
    const message =
      "no-restricted-imports: 'drizzle-orm' import is restricted from being used by a pattern. drizzle-orm only in *.repository.ts files and src/server/db/ (docs/architecture.md).";
    expect(await refusals('src/server/modules/alpha/alpha.service.ts', code)).toEqual([message]);
    expect(await refusals('src/server/providers/payments/fixture.ts', code)).toEqual([message]);
    expect(await refusals('src/server/modules/alpha/alpha.repository.ts', code)).toEqual([]);
    expect(await refusals('src/server/db/fixture.ts', code)).toEqual([]);
  });

  it("React on the server outside the mails' layout, and drizzle-orm or electron there", async () => {
    const code = "import { createElement } from 'react';\nexport const h = createElement;\n";
    const message =
      "no-restricted-imports: 'react' import is restricted from being used by a pattern. The server imports only src/shared.";
    expect(await refusals('src/server/modules/mail/templates.public.ts', code)).toEqual([message]);
    expect(await refusals('src/server/modules/alpha/alpha.service.ts', code)).toEqual([message]);
    expect(await refusals('src/server/modules/mail/mail-layout.ts', code)).toEqual([]);
    const drizzle = "import { eq } from 'drizzle-orm';\nimport { app } from 'electron';\nexport const e = [eq, app];\n";
    expect(await refusals('src/server/modules/mail/mail-layout.ts', drizzle)).toEqual([
      "no-restricted-imports: 'drizzle-orm' import is restricted from being used by a pattern. drizzle-orm only in *.repository.ts files and src/server/db/ (docs/architecture.md).",
      "no-restricted-imports: 'electron' import is restricted from being used by a pattern. The server imports only src/shared.",
    ]);
  });

  it('two server modules importing each other, type-only imports included, on both of their files', async () => {
    const results = await eslint.lintFiles([
      'tests/unit/lint-fixtures/src/server/modules/alpha/alpha.service.ts',
      'tests/unit/lint-fixtures/src/server/modules/beta/beta.service.ts',
    ]);
    const messages = (ruleId: string) =>
      results.flatMap((r) => r.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message));
    expect(messages('local/no-module-cycle')).toEqual([
      "Modules import each other (alpha → beta here, beta → alpha in tests/unit/lint-fixtures/src/server/modules/beta/beta.service.ts): a module's dependencies go one way.",
      "Modules import each other (beta → alpha here, alpha → beta in tests/unit/lint-fixtures/src/server/modules/alpha/alpha.service.ts): a module's dependencies go one way.",
    ]);
    // Type-only: no cycle for local/no-import-cycle, which follows what runs.
    expect(messages('local/no-import-cycle')).toEqual([]);
  });

  it('src/main or src/preload importing the server', async () => {
    const message =
      'local/boundaries: The desktop shell (src/main, src/preload) never imports the server or the renderer: only src/shared.';
    expect(
      await refusals('src/main/fixture.ts', "import { buildApp } from '../server/app';\nexport const b = buildApp;\n"),
    ).toContain(message);
    expect(
      await refusals('src/preload/fixture.ts', "export { api } from '../renderer/shared/api/client';\n"),
    ).toContain(message);
  });

  it('a failure thrown with its status typed again instead of AppError.of, in any module', async () => {
    const code =
      "import { AppError } from '../../app-error';\nexport const e = new AppError('NOT_FOUND', 404, 'Introuvable');\n";
    const rules = new Set(['no-restricted-syntax']);
    expect(await refusals('src/server/modules/alpha/alpha.service.ts', code, rules)).toEqual([
      'no-restricted-syntax: Throw AppError.of(code, message, details?): the status comes from src/shared/errors.ts.',
    ]);
    expect(await refusals('src/server/modules/payments/fixture.ts', code, rules)).toEqual([
      'no-restricted-syntax: Throw AppError.of(code, message, details?): the status comes from src/shared/errors.ts.',
    ]);
  });

  it('an import cycle, on both of its files', async () => {
    const results = await eslint.lintFiles([
      'tests/unit/lint-fixtures/cycle-a.ts',
      'tests/unit/lint-fixtures/cycle-b.ts',
    ]);
    const cycles = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === 'local/no-import-cycle').map((m) => m.message),
    );
    expect(cycles).toEqual([
      'Import cycle: tests/unit/lint-fixtures/cycle-a.ts → tests/unit/lint-fixtures/cycle-b.ts → tests/unit/lint-fixtures/cycle-a.ts',
      'Import cycle: tests/unit/lint-fixtures/cycle-b.ts → tests/unit/lint-fixtures/cycle-a.ts → tests/unit/lint-fixtures/cycle-b.ts',
    ]);
  });
});

describe('lint lets through', { timeout: 60_000 }, () => {
  it('a feature using renderer/shared and src/shared, a module using its own repository and another module’s service', async () => {
    expect(
      await refusals(
        'src/renderer/features/alpha/api/get-alpha.ts',
        "import { api } from '@renderer/shared/api/client';\nimport { WIZARD_MESSAGES } from '@shared/api/booking-request.schema';\nexport const x = [api, WIZARD_MESSAGES];\n",
      ),
    ).toEqual([]);
    expect(
      await refusals(
        'src/server/modules/alpha/alpha.service.ts',
        "import { findAlpha } from './alpha.repository';\nimport { sessionCustomer } from '../auth/sessions.service';\nexport const x = [findAlpha, sessionCustomer];\n",
      ),
    ).toEqual([]);
    expect(
      await refusals(
        'src/server/modules/alpha/alpha.service.ts',
        "import { accessBooking } from '../bookings/booking-access.public';\nexport const a = accessBooking;\n",
      ),
    ).toEqual([]);
  });

  it('the database schema: an index of area files that import the core tables, never the index', async () => {
    const results = await eslint.lintFiles(['src/server/db/schema.ts', 'src/server/db/schema/*.ts']);
    expect(results.length).toBeGreaterThanOrEqual(6);
    expect(results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'local/no-import-cycle'))).toEqual([]);
  });

  it('a type-only import back, which makes no cycle when the code runs', async () => {
    const results = await eslint.lintFiles([
      'tests/unit/lint-fixtures/type-only-a.ts',
      'tests/unit/lint-fixtures/type-only-b.ts',
    ]);
    expect(results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'local/no-import-cycle'))).toEqual([]);
  });
});

describe(
  'lint keeps the first render light (docs/decisions.md, performance rules 3 and 4)',
  { timeout: 60_000 },
  () => {
    it("refuses react-router's Link and NavLink anywhere in the renderer", async () => {
      expect(
        await refusals(
          'src/renderer/features/alpha/page.tsx',
          "import { Link, useNavigate } from 'react-router-dom';\nexport const l = [Link, useNavigate];\n",
        ),
      ).toEqual([
        "no-restricted-imports: 'Link' import from 'react-router-dom' is restricted. Use RouterLink or NavLink from shared/ui/router-link.tsx: docs/decisions.md, performance rule 4.",
      ]);
    });

    it('refuses the lucide-react component of an icon LineIcon draws, and allows the others', async () => {
      expect(
        await refusals(
          'src/renderer/shared/ui/thing.tsx',
          "import { Clock, Copy } from 'lucide-react';\nexport const icons = [Clock, Copy];\n",
        ),
      ).toEqual([
        "no-restricted-imports: 'Clock' import from 'lucide-react' is restricted. Draw this icon with LineIcon and its drawing (import { __iconData } from 'lucide-react/icons/…'): docs/decisions.md, performance rule 3.",
      ]);
    });
  },
);
