// The studio's "what changed" view in a real browser (Debian's chromium
// driven by playwright-core) on `kartenwerk serve --game palantir` over a
// copy of the project kept in a git repository: after a text edit and a
// layout edit, `since HEAD` lists the changed cards as `kartenwerk diff`
// does, each before (drawn from the commit) and now, side by side and
// blinking; an edit while the view is open updates it; `since last build`
// lists the same cards against a build of the committed game (its
// manifest's card records), each before as the build's own image; an
// unknown revision is said. Screenshots of each step go to the output folder.
//   node tests/studio/changes_browser_test.mjs <kartenwerk binary> <source dir> <output dir>
// Exit 0: passed; 1: failed; 77: skipped (no chromium or no playwright-core).
import fs from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { allImagesLoaded, copyProject, launchBrowser, playwrightOrExit, runBrowserTest, startServer } from './studio_page.mjs';

const [binary, sourceDir, outDir] = process.argv.slice(2);
const playwright = playwrightOrExit(sourceDir, { test: true });
fs.mkdirSync(outDir, { recursive: true });
const root = copyProject(sourceDir);
const file = (p) => path.join(root, p);
const read = (p) => fs.readFileSync(file(p), 'utf8');
const GAME = 'data/games/palantir.yaml', LAYOUT = 'layouts/palantir/card.yaml';
const git = (...args) => execFileSync('git', ['-C', root, '-c', 'user.name=Test', '-c', 'user.email=test@example.org',
  '-c', 'commit.gpgsign=false', ...args], { encoding: 'utf8' });
git('init', '-q');
git('add', '-A');
git('commit', '-q', '-m', 'the game as committed');
// A build of the game as committed, for `since last build` (outside the project).
const built = path.join(outDir, 'built');
fs.rmSync(built, { recursive: true, force: true });
execFileSync(binary, ['--root', root, 'build', '--game', 'palantir', '--format', 'png', '--skip', 'overview,tts',
  '--out', built], { stdio: 'ignore' });
const server = startServer(binary, root, ['--game', 'palantir', '--out', built]);
let browser;
let page;
let step = 0;
const shot = (name) => page.screenshot({ path: path.join(outDir, `${String(++step).padStart(2, '0')}-${name}.png`) });
const log = (...a) => console.log('studio changes test:', ...a);

// The changes view as shown once its answer number `after` has come.
async function shownChanges(after) {
  await page.waitForFunction((n) => Number(document.body.dataset.changes || 0) > n, after, { timeout: 120000 });
  await page.waitForFunction(() => [...document.querySelectorAll('#changes-list img')]
    .every((i) => i.complete && i.naturalWidth > 0), null, { timeout: 60000 });
  return page.evaluate(() => ({
    asked: Number(document.body.dataset.changes),
    title: document.querySelector('#changes-title').textContent,
    cards: [...document.querySelectorAll('figure.change')].map((f) => ({
      stem: f.dataset.change, kind: f.dataset.kind, what: f.querySelector('.what').textContent,
      before: f.querySelector('.before img')?.getAttribute('src') ?? null,
      after: f.querySelector('.after img')?.getAttribute('src') ?? null })),
  }));
}

// The pixels of an image of the page, as a data URL (to compare two).
const pixels = (src) => page.evaluate(async (s) => {
  const img = new Image();
  img.src = s;
  await img.decode();
  const c = document.createElement('canvas');
  c.width = img.naturalWidth;
  c.height = img.naturalHeight;
  c.getContext('2d').drawImage(img, 0, 0);
  return c.toDataURL();
}, src);

async function main() {
  const url = await server.url;
  log('serving at', url);
  browser = await launchBrowser(playwright);
  page = await browser.context.newPage();
  page.on('console', (m) => log('console:', m.text()));
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  const count = await page.evaluate(async () => (await (await fetch('/api/state')).json()).cards.length);
  await allImagesLoaded(page, count);
  const merry = await page.evaluate(() => [...document.querySelectorAll('figure.card')]
    .find((f) => f.dataset.stem.endsWith('rohan-hobbit-1')).dataset.url);
  const merryNow = await pixels(merry);

  // Nothing edited yet: nothing changed since HEAD.
  await page.click('#show-changes');
  let shown = await shownChanges(0);
  assert.match(shown.title, new RegExp(`^0 of ${count} cards changed since HEAD \\([0-9a-f]{12}\\)$`));
  assert.equal(shown.cards.length, 0);
  log(shown.title);

  // Edited in the files (as an editor would): Merry's name, and the divider moved.
  fs.writeFileSync(file(GAME), read(GAME).replace('good: { name: Merry }', 'good: { name: Meriadoc }'));
  shown = await shownChanges(shown.asked);
  const rohan = shown.cards.filter((c) => c.stem.endsWith('rohan-hobbit-1') || c.stem.endsWith('rohan-hobbit-2'));
  assert.equal(shown.cards.length, 2, JSON.stringify(shown.cards));
  assert.equal(rohan.length, 2, JSON.stringify(shown.cards));
  for (const c of rohan) {
    assert.equal(c.kind, 'changed');
    assert.equal(c.what, 'fields good.name');
    assert.ok(c.before && c.after, 'both sides shown');
  }
  // Before: the card as it was drawn before the edit, pixel for pixel; now: the new one.
  const one = rohan.find((c) => c.stem.endsWith('rohan-hobbit-1'));
  assert.equal(await pixels(one.before), merryNow, 'the image before is the card as committed');
  assert.notEqual(await pixels(one.after), merryNow, 'the image now is the edited card');
  log('a text edit:', shown.title);
  await shot('text-edited');
  await page.screenshot({ path: path.join(outDir, 'studio-changes.png'), clip: { x: 0, y: 0, width: 1000, height: 520 } });

  const layout = read(LAYOUT);
  assert.ok(layout.includes('box: [9, 43.3, 41, 4.4]'));
  fs.writeFileSync(file(LAYOUT), layout.replace('box: [9, 43.3, 41, 4.4]', 'box: [12, 48.2, 41, 4.4]'));
  await page.waitForFunction((n) => document.querySelectorAll('figure.change').length > n, 2, { timeout: 120000 });
  shown = await shownChanges(0);
  const byLayout = shown.cards.filter((c) => c.what.includes('layout layouts/palantir/card.yaml'));
  assert.ok(byLayout.length > 10, `the divider moved on every card of the layout: ${shown.title}`);
  assert.ok(shown.cards.find((c) => c.stem === one.stem).what.startsWith('fields good.name; layout'));
  log('and a layout edit:', shown.title);
  await page.locator(`figure.change[data-change="${one.stem}"]`).scrollIntoViewIfNeeded();
  await shot('side-by-side');

  // Blink: one place, the two images in turn.
  await page.check('input[name="changes-mode"][value="blink"]');
  const phases = new Set();
  for (let i = 0; i < 40 && phases.size < 2; ++i) {
    phases.add(await page.evaluate((stem) => {
      const fig = document.querySelector(`figure.change[data-change="${stem}"]`);
      const visible = (s) => getComputedStyle(fig.querySelector(`.side.${s}`)).visibility === 'visible';
      const a = fig.querySelector('.before').getBoundingClientRect(), b = fig.querySelector('.after').getBoundingClientRect();
      if (a.x !== b.x || a.y !== b.y) return 'not in one place';
      return visible('before') === visible('after') ? 'both or none' : visible('before') ? 'before' : 'now';
    }, one.stem));
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.deepEqual([...phases].sort(), ['before', 'now'], [...phases].join(', '));
  log('blink shows before and now in turn in one place');
  await shot('blink');
  await page.check('input[name="changes-mode"][value="side"]');

  // Since the last build (of the game as committed): the same cards, each
  // before as the build drew it (its cards/<stem>.png).
  const sinceHead = shown.cards.map((c) => `${c.stem} ${c.what}`).sort();
  await page.click('#show-build-changes');
  await page.waitForFunction(() => document.querySelector('#changes-title').textContent.endsWith('since last build'),
    null, { timeout: 120000 });
  shown = await shownChanges(0);
  assert.match(shown.title, new RegExp(`^\\d+ of ${count} cards changed since last build$`));
  assert.deepEqual(shown.cards.map((c) => `${c.stem} ${c.what}`).sort(), sinceHead);
  const builtBefore = shown.cards.find((c) => c.stem === one.stem);
  assert.ok(builtBefore.before && builtBefore.after, 'both sides shown');
  const builtPng = fs.readFileSync(path.join(built, 'palantir', 'cards', `${one.stem}.png`));
  const served = await page.evaluate(async (s) => [...new Uint8Array(await (await fetch(s)).arrayBuffer())], builtBefore.before);
  assert.ok(Buffer.from(served).equals(builtPng), 'the image before is the build\'s own');
  log('since the last build:', shown.title);
  await shot('since-last-build');

  // A revision git does not know: said, no list.
  await page.fill('#since', 'v9.9');
  await page.click('#show-changes');
  await page.waitForFunction(() => document.querySelector('#changes-title').textContent.startsWith('cannot compare'),
    null, { timeout: 20000 });
  const why = await page.locator('#changes-diagnostics').textContent();
  assert.match(why, /unknown git revision 'v9\.9'/);
  log('an unknown revision:', why.trim().split('\n')[0]);
  await shot('unknown-revision');

  // Closed: the grid is back.
  await page.click('#changes-close');
  assert.ok(await page.locator('#grid').isVisible());
  assert.deepEqual(errors, [], 'no error in the page');
  assert.doesNotMatch(await page.locator('#status').textContent(), /Error/);
}

await runBrowserTest('studio changes test', main, { server, root, outDir, state: () => ({ page, browser }) });
