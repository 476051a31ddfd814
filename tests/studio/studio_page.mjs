// What the browser test and the bench share: a copy of the project in a temp
// folder, `kartenwerk serve` on it, and Debian's chromium driven by
// playwright-core with the flags this machine needs (its network is closed;
// without them Chromium waits on connections it can never make).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

export const CHROMIUM = '/usr/bin/chromium';

// playwright-core from the source tree's node_modules, or null when `npm ci` has not run.
export function loadPlaywright(sourceDir) {
  try {
    return createRequire(path.join(path.resolve(sourceDir), 'package.json'))('playwright-core');
  } catch {
    return null;
  }
}

// data/, layouts/, templates/ and fonts/ of `sourceDir` copied into a fresh temp folder.
export function copyProject(sourceDir) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-studio-'));
  for (const dir of ['data', 'layouts', 'templates', 'fonts'])
    fs.cpSync(path.join(sourceDir, dir), path.join(root, dir), { recursive: true, dereference: true });
  return root;
}

// Starts `kartenwerk serve --port 0` and resolves with its URL once it prints it.
export function startServer(binary, root, args = []) {
  const child = spawn(binary, ['serve', '--port', '0', '--root', root, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const url = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/kartenwerk studio: (http:\/\/\S+)/);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}:\n${stderr}`)));
  });
  return { child, url, stderr: () => stderr };
}

export async function launchBrowser(playwright) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-chromium-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1400, height: 1000 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

// Resolves once the page shows `count` cards, the image of every one on
// the screen loaded (the page asks for a card's image when its card comes
// near the screen: data-near; the one it wants is data-url. A page without
// them, as kartenwerk's before 2026-11, asks for every image: the benches
// run old and new binaries alike).
export function allImagesLoaded(page, count, timeout = 120000) {
  return page.waitForFunction((n) => {
    const figs = [...document.querySelectorAll('figure.card')];
    const near = figs.filter((f) => f.dataset.near !== '');
    return figs.length === n && near.length > 0 && near.every((f) => {
      const i = f.querySelector('img.card-img');
      return i.getAttribute('src') === (f.dataset.url ?? i.getAttribute('src')) && i.complete && i.naturalWidth > 0;
    });
  }, count, { timeout, polling: 50 });
}

// The address of every card's image now, by its card's stem.
export function imageSources(page) {
  return page.evaluate(() => Object.fromEntries(
    [...document.querySelectorAll('figure.card')].map((f) => [f.dataset.stem,
      f.dataset.url ?? f.querySelector('img').getAttribute('src')])));
}

// The stems of `stems` whose cards are on the screen (or near it: their images are loaded).
// (The figures are looked up in one pass: a query per stem is quadratic in a deck of thousands.)
export function nearStems(page, stems) {
  return page.evaluate((ss) => {
    const figs = new Map([...document.querySelectorAll('figure[data-stem]')].map((f) => [f.dataset.stem, f]));
    return ss.filter((s) => figs.get(s)?.dataset.near !== '');
  }, stems);
}

// Resolves once the cards of `stems` want an image other than in `before`
// and, each on the screen, have it loaded; with the time since `since`
// (this process's performance.now(), ms). The page's clock then is kept in
// window.newImagesAt.
export async function waitForNewImages(page, stems, before, since, timeout) {
  await page.waitForFunction(({ stems, before }) => {
    const figs = new Map([...document.querySelectorAll('figure[data-stem]')].map((f) => [f.dataset.stem, f]));
    const done = stems.every((s) => {
      const fig = figs.get(s);
      const img = fig?.querySelector('img');
      const url = fig?.dataset.url ?? img?.getAttribute('src');
      if (!img || url === before[s]) return false;
      if (fig.dataset.near === '') return true;
      return img.getAttribute('src') === url && img.complete && img.naturalWidth > 0;
    });
    if (done) window.newImagesAt = performance.now();
    return done;
  }, { stems, before }, { timeout, polling: 10 });
  return performance.now() - since;
}

// Palantír's playing deck repeated `times` times in all, under new ids
// (-r2, -r3, ...): the benches' larger decks.
export function enlargePalantir(yaml, times) {
  const start = yaml.indexOf('      cards:\n', yaml.indexOf('- id: playing'));
  const end = yaml.indexOf('\n    - id: reference');
  const block = yaml.slice(start + '      cards:\n'.length, end);
  let copies = '';
  for (let k = 2; k <= times; ++k) copies += '\n' + block.replace(/(- \{ id: |- id: )([\w-]+)/g, `$1$2-r${k}`);
  return yaml.slice(0, end) + copies + yaml.slice(end);
}

// Runs a browser test's `main`, says whether it passed (with the server's
// last words and a screenshot when not), always closes the browser, stops
// the server and removes the project copy; exits 0 or 1. `state()` gives
// the test's current { page, browser } (either may be unset).
export async function runBrowserTest(name, main, { server, root, outDir, state }) {
  let failed = false;
  try {
    await main();
    console.log(`${name}: passed`);
  } catch (e) {
    failed = true;
    console.error(`${name}: FAILED:`, e);
    console.error(server.stderr().slice(-4000));
    const { page } = state();
    if (page) await page.screenshot({ path: path.join(outDir, 'failure.png') }).catch(() => {});
  } finally {
    const { browser } = state();
    if (browser) await browser.close().catch(() => {});
    server.child.kill('SIGTERM');
    fs.rmSync(root, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

// playwright-core and Chromium, or the process ends saying which is
// missing: a test is skipped (exit 77, CTest's SKIP_RETURN_CODE), a bench
// fails (exit 1).
export function playwrightOrExit(sourceDir, { test }) {
  const playwright = loadPlaywright(sourceDir);
  if (fs.existsSync(CHROMIUM) && playwright) return playwright;
  const missing = !fs.existsSync(CHROMIUM)
    ? CHROMIUM + ' is missing (scripts/install-deps.sh installs chromium)'
    : 'node_modules/playwright-core is missing (make node-deps runs npm ci)';
  if (test) {
    console.log(`SKIP: ${missing}`);
    process.exit(77);
  }
  console.error(`needs Chromium and playwright-core: ${missing}`);
  process.exit(1);
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
