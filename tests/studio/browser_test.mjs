// The studio in a real browser (the acceptance test): Debian's
// chromium, driven by playwright-core, on `kartenwerk serve --game palantir`
// over a copy of the project. Screenshots of each step go to the output folder.
//   node tests/studio/browser_test.mjs <kartenwerk binary> <source dir> <output dir>
// Exit 0: passed; 1: failed; 77: skipped (no chromium or no playwright-core).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import { allImagesLoaded, copyProject, imageSources, launchBrowser, playwrightOrExit, runBrowserTest,
  startServer, waitForNewImages } from './studio_page.mjs';

// The edit must show within `budgetMs` (2 s, the bound). A sanitizer
// build runs several times slower: there the test checks what happens, and
// the optimised build checks how fast.
const [binary, sourceDir, outDir, budgetArg = '2000'] = process.argv.slice(2);
const budgetMs = Number(budgetArg);
const playwright = playwrightOrExit(sourceDir, { test: true });
fs.mkdirSync(outDir, { recursive: true });
const root = copyProject(sourceDir);
const gameFile = path.join(root, 'data/games/palantir.yaml');
const original = fs.readFileSync(gameFile, 'utf8');
const server = startServer(binary, root, ['--game', 'palantir']);
let browser;
let page;
let step = 0;
const shot = (name) => page.screenshot({ path: path.join(outDir, `${String(++step).padStart(2, '0')}-${name}.png`) });
const log = (...a) => console.log('studio browser test:', ...a);

async function state(url, query = '') {
  const res = await fetch(new URL('/api/state' + query, url));
  assert.equal(res.status, 200);
  return res.json();
}

// Every card of Palantír, as `kartenwerk list` counts them, plus its backs.
async function showsEveryCard(url) {
  const listed = execFileSync(binary, ['list', '--game', 'palantir', '--root', root], { encoding: 'utf8' });
  const fronts = Number(listed.match(/\((\d+) cards,/)[1]);
  const s = await state(url);
  assert.equal(s.cards.filter((c) => c.card_id).length, fronts, 'the state has every card kartenwerk list counts');
  await page.goto(url);
  await allImagesLoaded(page, s.cards.length);
  log(`${s.cards.length} cards shown (${fronts} cards and their backs), the images on the screen loaded`);
  // Only the images of the cards on the screen are asked for (the server
  // paints each when first asked); a card scrolled to gets its image then.
  const srcOf = (stem) => page.evaluate((t) =>
    document.querySelector(`figure[data-stem="${CSS.escape(t)}"] img`).getAttribute('src'), stem);
  const far = await page.evaluate(() => [...document.querySelectorAll('figure.card')]
    .filter((f) => f.dataset.near !== '1').map((f) => f.dataset.stem));
  assert.ok(far.length > 0 && far.length < s.cards.length, `some cards are off the screen (${far.length})`);
  const last = far[far.length - 1];
  assert.equal(await srcOf(last), null, 'the image of a card off the screen is not asked for');
  await page.locator(`figure[data-stem="${last}"]`).scrollIntoViewIfNeeded();
  await page.waitForFunction((t) => {
    const f = document.querySelector(`figure[data-stem="${CSS.escape(t)}"]`), i = f.querySelector('img');
    return i.getAttribute('src') === f.dataset.url && i.complete && i.naturalWidth > 0;
  }, last, { timeout: 60000 });
  log(`${far.length} cards off the screen not asked for; ${last} loaded when scrolled to`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await allImagesLoaded(page, s.cards.length);
  // Preflight judges the pages after their images came: its badges follow by
  // an event, and no card stays "preflight …".
  await page.waitForFunction(() => document.querySelectorAll('figure.card').length > 0 &&
    !document.querySelector('figure.card .badge.pending'), null, { timeout: 60000 });
  assert.ok((await state(url)).cards.every((c) => c.preflighted), 'every card judged by preflight');
  await shot('all-cards');
  return s;
}

// One card's name edited in the YAML: its images (both copies) change within
// 2 s, no other image does.
async function editOneName(s) {
  const copies = s.cards.filter((c) => /^gondor-hobbit(-\d+)?$/.test(c.card_id)).map((c) => c.stem);
  assert.ok(copies.length > 0);
  const before = await imageSources(page);
  const since = performance.now();
  fs.writeFileSync(gameFile, original.replace('good: { name: Pippin }', 'good: { name: Peregrin }'));
  const took = await waitForNewImages(page, copies, before, since, budgetMs);
  assert.ok(took <= budgetMs, `the edit took ${took.toFixed(0)} ms to show (at most ${budgetMs} ms)`);
  const after = await imageSources(page);
  const changed = Object.keys(after).filter((k) => after[k] !== before[k]).sort();
  assert.deepEqual(changed, [...copies].sort(), 'only the edited card changed');
  // The images come with the change's event, the captions with the state fetched after it.
  await page.waitForFunction((stem) => document.querySelector(`figure[data-stem="${stem}"] .label`)?.textContent
    === 'Peregrin', copies[0], { timeout: Math.max(5000, budgetMs) });
  log(`edit shown after ${took.toFixed(0)} ms; changed: ${changed.join(', ')}`);
  await shot('name-edited');
}

// A bad indent: the diagnostic with file:line and its caret line over stale cards.
async function brokenYaml() {
  const broken = original.replace('\n          region: gondor\n          class: erbe', '\n          region: gondor\n        class: erbe');
  assert.notEqual(broken, original);
  fs.writeFileSync(gameFile, broken);
  await page.waitForFunction(() => document.body.classList.contains('stale'), null, { timeout: Math.max(10000, budgetMs) });
  const text = await page.locator('#diagnostics').innerText();
  assert.match(text, /data\/games\/palantir\.yaml:\d+:\d+: error/);
  assert.match(text, /^\s*\^/m, 'the caret line');
  assert.ok(await page.locator('#problems').isVisible());
  log('diagnostics shown:', text.split('\n')[0]);
  await shot('broken-yaml');
}

async function fixed(count) {
  fs.writeFileSync(gameFile, original);
  await page.waitForFunction(() => !document.body.classList.contains('stale'), null, { timeout: Math.max(10000, budgetMs) });
  await allImagesLoaded(page, count);
  assert.ok(!(await page.locator('#problems').isVisible()));
  log('recovered: not stale, every image loaded');
  await shot('fixed');
}

// The language switch: a card whose English name differs shows it.
async function english(url, german) {
  const en = await state(url, '?lang=en');
  const card = en.cards.find((c, i) => c.card_id && c.label !== german.cards[i].label);
  assert.ok(card, 'some card has another name in English');
  await page.selectOption('#lang', 'en');
  await page.waitForFunction((label) => [...document.querySelectorAll('figcaption .label')].some((l) => l.textContent === label),
    card.label, { timeout: 30000 });
  await allImagesLoaded(page, en.cards.length);
  log(`English: ${card.stem} reads "${card.label}"`);
  await shot('english');
  return en;
}

// The element-box toggle draws the layout's boxes with their names.
async function elementBoxes(s) {
  await page.check('#show-boxes');
  const name = s.cards[0].boxes[0].name;
  await page.waitForFunction((n) => [...document.querySelectorAll('figure.card svg .box text')].some((t) => t.textContent === n),
    name, { timeout: Math.max(5000, budgetMs) });
  log(`element boxes shown (e.g. "${name}")`);
  await shot('element-boxes');
  await page.check('#show-trim');
  await page.check('#show-safe');
  await page.click(`figure[data-stem="${s.cards[0].stem}"] .frame`);
  // The large view at the format's resolution (rendered on request), the grid at half of it.
  await page.waitForFunction(() => {
    const img = document.querySelector('#lightbox .large img');
    return img && img.getAttribute('src') === img.dataset.full && img.complete && img.naturalWidth > 0;
  }, null, { timeout: Math.max(5000, budgetMs) });
  const widths = await page.evaluate((stem) => [document.querySelector('#lightbox .large img').naturalWidth,
    document.querySelector(`figure[data-stem="${stem}"] img`).naturalWidth], s.cards[0].stem);
  assert.equal(widths[0], s.cards[0].width_px, 'the large view is at full resolution');
  assert.ok(widths[1] < widths[0], `the grid's image is smaller (${widths[1]} px)`);
  log(`large view ${widths[0]} px wide, grid ${widths[1]} px`);
  await shot('one-card-large');
}

async function main() {
  const url = await server.url;
  log('serving at', url);
  browser = await launchBrowser(playwright);
  page = await browser.context.newPage();
  const german = await showsEveryCard(url);
  await editOneName(german);
  await brokenYaml();
  await fixed(german.cards.length);
  const en = await english(url, german);
  await elementBoxes(en);
}

await runBrowserTest('studio browser test', main, { server, root, outDir, state: () => ({ page, browser }) });
