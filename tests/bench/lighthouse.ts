/**
 * Lighthouse mobile (its default: simulated slow 4G and 4× CPU slowdown) from the dev
 * dependency, against the system Chromium. Medians of several runs, as Lighthouse's own
 * guidance recommends: one run varies by several points on a shared machine.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

export interface LighthouseMedians {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
}

const BROWSER_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
const trustFlags: string[] = [];

/**
 * Chromium then trusts this certificate (the base64 SHA-256 of its public key) as a real one: the
 * pages run as on a secure origin, over HTTP/2 (docs/decisions.md, performance rule 27).
 */
export function trustCertificate(spki: string): void {
  trustFlags.push(`--ignore-certificate-errors-spki-list=${spki}`);
}

/** The flags that trust the certificates above, for another Chromium launched by the bench. */
export function trustedChromeFlags(): string[] {
  return [...trustFlags];
}

const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function chromiumPath(): string | undefined {
  return CHROMIUM_CANDIDATES.find((path): path is string => Boolean(path) && existsSync(path!));
}

function median(values: number[]): number {
  // A run where Lighthouse could not compute a metric (NaN) does not count.
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.floor(sorted.length / 2)]!;
}

export interface LighthouseOptions {
  runs?: number;
  /** localStorage entries of the page's origin (a session token), written before the run. */
  storage?: Record<string, string>;
  /** Lighthouse's desktop settings instead of mobile. */
  desktop?: boolean;
}

/** Writes the entries in the origin's localStorage through the DevTools protocol; the run keeps them. */
async function writeStorage(port: number, url: string, storage: Record<string, string>) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(new URL('/favicon.svg', url).toString());
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, storage);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

export async function lighthouseMedians(url: string, options: LighthouseOptions = {}): Promise<LighthouseMedians> {
  const { runs = 3, storage, desktop = false } = options;
  const chromePath = chromiumPath();
  if (!chromePath)
    throw new Error('Chromium introuvable : installez le paquet « chromium » ou définissez CHROMIUM_PATH.');
  const samples: LighthouseMedians[] = [];
  let retries = 2;
  for (let run = 0; run < runs; run += 1) {
    // A fresh browser per run: no HTTP cache, no warmed-up V8 code cache between runs.
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [...BROWSER_FLAGS, ...trustFlags],
    });
    try {
      if (storage) await writeStorage(chrome.port, url, storage);
      const result = await lighthouse(
        url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          // The session written above stays for the run.
          disableStorageReset: Boolean(storage),
        },
        desktop ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse n’a rien renvoyé pour ${url}`);
      // A run whose trace Lighthouse could not read (NO_NAVSTART, seen about once in twenty) scores
      // 0: it is run again, as Lighthouse's message says, rather than counted.
      if (result.lhr.runtimeError && retries > 0) {
        retries -= 1;
        console.warn(`Lighthouse ${url} : ${result.lhr.runtimeError.code}, mesure refaite`);
        run -= 1;
        continue;
      }
      const { categories, audits } = result.lhr;
      // BENCH_LIGHTHOUSE_REPORTS=<folder> keeps each run's report (LCP element, layout shifts, long tasks).
      const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
      if (reports) {
        mkdirSync(reports, { recursive: true });
        const name = `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_')}${desktop ? '-desktop' : ''}-${run}.json`;
        writeFileSync(join(reports, name), JSON.stringify(result.lhr));
      }
      samples.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
        fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
      });
    } finally {
      await chrome.kill();
    }
  }
  const pick = (key: keyof LighthouseMedians) => median(samples.map((sample) => sample[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    fcpMs: pick('fcpMs'),
  };
}
