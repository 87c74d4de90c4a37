import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8790);
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 2);
const MAIL_FILE = process.env.E2E_MAIL_FILE ?? `/tmp/parc-e2e-${PORT}-mails.jsonl`;
// The specs read the stand-in's mailbox through the same variables.
process.env.E2E_SMTP_PORT = String(SMTP_PORT);
process.env.E2E_MAIL_FILE = MAIL_FILE;
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  // One retry on CI: a loaded 2-core runner occasionally misses a 30 s budget (docs/decisions.md).
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'off',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { ...devices['Pixel 5'], viewport: { width: 360, height: 740 } }, grep: /@mobile/ },
  ],
  webServer: [
    {
      // Stand-in for the SMTP relay: the product really sends its e-mails over SMTP.
      command: 'node --import tsx tests/e2e/stand-ins/smtp-stand-in.ts',
      port: SMTP_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { E2E_SMTP_PORT: String(SMTP_PORT), E2E_MAIL_FILE: MAIL_FILE },
    },
    {
      command: 'node --import tsx src/server/index.ts',
      url: `http://127.0.0.1:${PORT}/api/v1/establishment/info`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PGLITE_DIR: process.env.E2E_PGLITE_DIR ?? `/tmp/parc-e2e-${process.pid}/pglite`,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        DATABASE_URL: '',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // Mails are delivered by a job (docs/decisions.md, "Durable jobs"), polled off by default under NODE_ENV=test.
        JOB_POLL_MS: '200',
        // Journeys play visitors from several addresses (X-Forwarded-For), as behind the park's proxy.
        TRUST_PROXY: 'true',
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      },
    },
  ],
});
