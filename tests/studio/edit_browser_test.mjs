// Editing in the studio in a real browser (Debian's chromium driven by
// playwright-core) on `kartenwerk serve --game palantir` over a copy of the
// project: a text edited on the card lands in the file it lives in (the
// game's data, the English locale, the variant) as a one-value change, undo
// restores the file byte for byte, a file changed underneath is not
// overwritten, a dragged element changes only its numbers, the state the
// page builds from the server's deltas is the server's, and a page of
// another origin cannot write. Screenshots of each step go to the output folder.
//   node tests/studio/edit_browser_test.mjs <kartenwerk binary> <source dir> <output dir>
// Exit 0: passed; 1: failed; 77: skipped (no chromium or no playwright-core).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import assert from 'node:assert/strict';
import { allImagesLoaded, copyProject, launchBrowser, playwrightOrExit, runBrowserTest, startServer } from './studio_page.mjs';

const [binary, sourceDir, outDir] = process.argv.slice(2);
// Waits in a sanitizer build last this many times longer (tests/CMakeLists.txt
// sets KW_TEST_TIME_SCALE there): the server answers an edit in seconds,
// not in tenths, and more so on a loaded machine.
const timeScale = Number(process.env.KW_TEST_TIME_SCALE) || 1;
const ms = (t) => t * timeScale;
const playwright = playwrightOrExit(sourceDir, { test: true });
fs.mkdirSync(outDir, { recursive: true });
const root = copyProject(sourceDir);
const file = (p) => path.join(root, p);
const read = (p) => fs.readFileSync(file(p), 'utf8');
const GAME = 'data/games/palantir.yaml', EN = 'data/locales/en/palantir.yaml';
const VARIANT = 'data/variants/palantir/mondschein.yaml', LAYOUT = 'layouts/palantir/card.yaml';
const originals = Object.fromEntries([GAME, EN, VARIANT, LAYOUT].map((p) => [p, read(p)]));
const server = startServer(binary, root, ['--game', 'palantir']);
let browser;
let page;
let step = 0;
const shot = (name) => page.screenshot({ path: path.join(outDir, `${String(++step).padStart(2, '0')}-${name}.png`) });
const log = (...a) => console.log('studio edit test:', ...a);

// Resolves once `p` holds `want` (the server writes after a pause in typing).
async function fileBecomes(p, want, timeout = ms(20000)) {
  const until = Date.now() + timeout;
  while (read(p) !== want) {
    if (Date.now() > until) assert.equal(read(p), want, `${p} as expected`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// The lines of `after` that differ from `before` (same line count).
function changedLines(before, after) {
  const a = before.split('\n'), b = after.split('\n');
  assert.equal(a.length, b.length, 'no line added or removed');
  return a.map((l, i) => [l, b[i]]).filter(([x, y]) => x !== y);
}

async function openCard(cardId) {
  const stem = await page.evaluate((id) => [...document.querySelectorAll('figure.card')]
    .find((f) => f.dataset.stem.endsWith(id))?.dataset.stem, cardId);
  assert.ok(stem, `a card ${cardId}`);
  // A reload the server finishes just then (a file written back, a slow
  // sanitizer build) redraws the grid and swallows the click: click again.
  for (const until = Date.now() + 60000; ;) {
    await page.click(`figure[data-stem="${stem}"] .frame`);
    try {
      await page.waitForSelector('#lightbox .texts label textarea', { timeout: ms(5000) });
      return stem;
    } catch (e) {
      if (Date.now() > until) throw e;
    }
  }
}

async function typeText(field, value) {
  const area = page.locator(`#lightbox .texts label[data-path="${field}"] textarea`);
  await area.fill(value);
}

// The fit note of a text field as the page shows it while typing (/api/fit).
async function fitNote(field, pattern) {
  const label = `#lightbox .texts label[data-path="${field}"]`;
  await page.waitForFunction(([sel, re]) => new RegExp(re).test(document.querySelector(sel + ' .fit')?.textContent),
    [label, pattern.source], { timeout: ms(20000) });
  return page.locator(label).evaluate((l) => ({ note: l.querySelector('.fit').textContent,
    overflows: l.classList.contains('overflows'), shrinks: l.classList.contains('shrinks') }));
}

async function undo(p) {
  await page.click('#undo');
  await fileBecomes(p, originals[p]);
}

// The game's source language: the data entry, one value, nothing else.
async function sourceEdit() {
  await openCard('rohan-hobbit-1');
  await typeText('good.name', 'Meriadoc Brandybuck');
  // While typing: typeset only, the name shrinks to fit its box.
  const shrunk = await fitNote('good.name', /^name: fits at [0-9.]+ pt \(shrunk from 13\)$/);
  assert.ok(shrunk.shrinks && !shrunk.overflows, JSON.stringify(shrunk));
  log('fit while typing:', shrunk.note);
  const want = originals[GAME].replace('good: { name: Merry }', 'good: { name: Meriadoc Brandybuck }');
  await fileBecomes(GAME, want);
  log('source edit:', JSON.stringify(changedLines(originals[GAME], want)));
  await page.waitForFunction(() => [...document.querySelectorAll('figcaption .label')]
    .some((l) => l.textContent === 'Meriadoc Brandybuck'), null, { timeout: ms(20000) });
  await shot('text-edited-source');
  // A name too long for its box: the overflow badge comes with the new image.
  const long = 'Meriadoc Brandybuck of Buckland, Master of Buckland and Knight of the Riddermark';
  await typeText('good.name', long);
  const over = await fitNote('good.name', /^name: does not fit — text does not fit the 38 x 6.4 mm box/);
  assert.ok(over.overflows, JSON.stringify(over));
  log('fit while typing:', over.note);
  // A comma inside a flow map: the name is written double-quoted.
  await fileBecomes(GAME, originals[GAME].replace("good: { name: Merry }", `good: { name: "${long}" }`));
  await page.waitForSelector('#lightbox .caption .badge.overflow', { timeout: ms(20000) });
  assert.ok(await page.locator('figure.card.open').evaluate((f) => f.classList.contains('overflow')));
  log('a name too long: the overflow badge shows');
  await shot('text-overflows');
  // Both edits of the one text are one undo step.
  await undo(GAME);
  log('undo restored', GAME, 'byte for byte');
}

async function switchTo(id, value, session) {
  await page.selectOption(id, value);
  await page.waitForFunction((s) => document.body.dataset.session === s, session, { timeout: ms(60000) });
  await page.waitForFunction(() => [...document.querySelectorAll('img.card-img')].every((i) => i.complete), null, { timeout: ms(120000) });
}

// A text English has no translation of yet: the page offers to add it, and
// the locale file gets the string's three lines (its id, the German it
// translates, the translation), nothing else; undo takes them away again.
async function missingTranslation() {
  const entry = '  "card.rohan-hobbit.evil.name":\n    de: "Lotho"\n    text: "Lotho"\n';
  assert.ok(originals[EN].includes(entry));
  const without = originals[EN].replace(entry, '');
  fs.writeFileSync(file(EN), without);
  await switchTo('#lang', 'en', 'palantir/en/');
  await openCard('rohan-hobbit-1');
  const label = '#lightbox .texts label[data-path="evil.name"]';
  await page.waitForSelector(`${label} .add-translation:not([hidden])`, { timeout: ms(60000) });
  assert.ok(await page.locator(`${label} textarea`).isDisabled(), 'not editable before it is added');
  log('untranslated:', await page.locator(`${label} .where`).textContent());
  await page.click(`${label} .add-translation`);
  await typeText('evil.name', 'Lotho Sackville-Baggins');
  const added = '  "card.rohan-hobbit.evil.name":\n    de: "Lotho"\n    text: "Lotho Sackville-Baggins"\n';
  for (const until = Date.now() + 20000; !read(EN).includes(added);) {
    assert.ok(Date.now() < until, `the translation added to ${EN}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  // Three lines added where `i18n import` would add them (after the last id that sorts before it), every other byte kept.
  assert.equal(read(EN).replace(added, ''), without);
  log('translation added: line', read(EN).slice(0, read(EN).indexOf(added)).split('\n').length, JSON.stringify(added));
  await page.waitForFunction((l) => /^data\/locales\/en\/palantir\.yaml:\d+$/.test(
    document.querySelector(l + ' .where')?.textContent), label, { timeout: ms(20000) });
  await page.waitForFunction(() => [...document.querySelectorAll('#lightbox .caption .label')]
    .some((l) => l.textContent.length > 0), null, { timeout: ms(20000) });
  await shot('translation-added');
  await page.click('#undo');
  await fileBecomes(EN, without);
  log('undo took the string away byte for byte');
  // The English file as it was, and a page that reads it afresh.
  fs.writeFileSync(file(EN), originals[EN]);
  await page.reload();
  const count = await page.evaluate(async () => (await (await fetch('/api/state?' + location.search.slice(1))).json()).cards.length);
  await allImagesLoaded(page, count);
}

// English: the locale file's `text:`, never the German data.
async function englishEdit() {
  await switchTo('#lang', 'en', 'palantir/en/');
  await openCard('rohan-hobbit-1');
  await typeText('good.name', 'Merry Brandybuck');
  const line = originals[EN].split('\n').findIndex((l) => l.includes('"card.rohan-hobbit.good.name"'));
  const lines = originals[EN].split('\n');
  assert.equal(lines[line + 2], '    text: "Merry"');
  lines[line + 2] = '    text: "Merry Brandybuck"';
  await fileBecomes(EN, lines.join('\n'));
  assert.equal(read(GAME), originals[GAME], 'the German data is untouched');
  await shot('text-edited-english');
  await undo(EN);
  log('English edit wrote', EN, 'and undo restored it');
  await switchTo('#lang', 'de', 'palantir/de/');
}

// A variant: its patch, never the base game.
async function variantEdit() {
  await switchTo('#variant', 'mondschein', 'palantir/de/mondschein');
  await openCard('rohan-hobbit-1');
  await typeText('good.name', 'Meriadoc der Prächtige');
  const want = originals[VARIANT].replace('good: { name: Meriadoc }', 'good: { name: Meriadoc der Prächtige }');
  await fileBecomes(VARIANT, want);
  assert.equal(read(GAME), originals[GAME], 'the base game is untouched');
  await shot('text-edited-variant');
  await undo(VARIANT);
  log('variant edit wrote', VARIANT, 'and undo restored it');
}

// A file changed on disk after the page read it is not overwritten.
async function changedUnderneath() {
  await typeText('good.name', 'Meriadoc I');
  const first = originals[VARIANT].replace('good: { name: Meriadoc }', 'good: { name: Meriadoc I }');
  await fileBecomes(VARIANT, first);
  const theirs = first + '# changed in an editor\n';
  fs.writeFileSync(file(VARIANT), theirs);
  await typeText('good.name', 'Meriadoc II');
  await page.waitForSelector('#notice.error', { state: 'visible', timeout: ms(20000) });
  assert.match(await page.locator('#notice').innerText(), /changed on disk/);
  await new Promise((r) => setTimeout(r, 1000));
  assert.equal(read(VARIANT), theirs, 'the file changed underneath keeps its bytes');
  await shot('conflict-refused');
  fs.writeFileSync(file(VARIANT), originals[VARIANT]);
  log('a file changed underneath was not overwritten; the page said so');
}

// Resolves once the large image has decoded a picture. The page swaps in each
// newer full render when it has arrived, and a decode whose image changes its
// source meanwhile rejects (under ASan a re-render after an edit takes
// seconds, so this happened in CI): decode again until one completes. An
// image that never decodes still fails, at the timeout.
async function largeImageDecoded(timeout = ms(20000)) {
  const img = page.locator('#lightbox .large img');
  const until = Date.now() + timeout;
  // Each decode is given 5 s of its own: one that never settles is tried again.
  const decoded = () => img.evaluate((i) => Promise.race([
    i.decode().then(() => true, () => false),
    new Promise((resolve) => setTimeout(() => resolve(false), 5000)),
  ]));
  while (!(await decoded())) {
    assert.ok(Date.now() < until, 'the large card image decodes');
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Where `locator`'s element is on the page. The page may make it anew
// between the wait and the measure (a reload that an undo before caused
// re-draws the large card's handles), and a detached element has no box: so
// it is measured until one is there.
async function boxOf(locator, timeout = ms(20000)) {
  const until = Date.now() + timeout;
  for (;;) {
    await locator.waitFor({ timeout: Math.max(1, until - Date.now()) });
    const box = await locator.boundingBox();
    if (box) return box;
    assert.ok(Date.now() < until, 'the element stays on the page long enough to be measured');
    await new Promise((r) => setTimeout(r, 50));
  }
}

// An element dragged on the large card: the layout's `box:` gets the new
// numbers (snapped to whole millimetres or a line), nothing else changes;
// an arrow key nudges it by 1 mm; undo restores the file.
async function dragElement() {
  await switchTo('#variant', '', 'palantir/de/');
  await page.waitForSelector('#notice', { state: 'hidden', timeout: ms(20000) });
  await page.check('#show-boxes');
  await openCard('gondor-hobbit-1');
  const handle = page.locator('#lightbox .handle[data-name="divider"]');
  const r = await boxOf(handle);
  await page.mouse.move(r.x + r.width / 2, r.y + r.height / 2);
  await page.mouse.down();
  await page.mouse.move(r.x + r.width / 2 + 23, r.y + r.height / 2 + 41, { steps: 5 });
  await page.mouse.up();
  const [x, y, w, h] = (await handle.getAttribute('data-box')).split(',').map(Number);
  const trim = await page.evaluate(() => current.cards.find((c) => c.stem === openStem).trim);
  const fmt = (v) => String(Math.round(v * 100) / 100);
  const line = originals[LAYOUT].split('\n').find((l) => l.includes('box: [9, 43.3, 41, 4.4]'));
  assert.ok(line, 'the divider\'s box line');
  const moved = line.replace('box: [9, 43.3, 41, 4.4]', `box: [${fmt(x - trim.x)}, ${fmt(y - trim.y)}, 41, 4.4]`);
  assert.notEqual(moved, line, 'the drag moved it');
  const want = originals[LAYOUT].replace(line, moved);
  await fileBecomes(LAYOUT, want);
  const diff = changedLines(originals[LAYOUT], want);
  log('drag:', JSON.stringify(diff));
  // The page shows the new place before the nudge is computed from it.
  await page.waitForFunction((t) => {
    const c = current.cards.find((k) => k.stem === openStem);
    return c.boxes.find((b) => b.name === 'divider').source.box[0] === t;
  }, x - trim.x, { timeout: ms(20000) });
  await largeImageDecoded();
  // Moved onto the class line: text and the divider overlap, and the page says so.
  const note = await page.locator('#lightbox .overlaps').innerText();
  assert.match(note, /text 'class' overlaps 'divider'/);
  log(note);
  await shot('element-dragged');
  await page.keyboard.press('ArrowLeft');
  await fileBecomes(LAYOUT, originals[LAYOUT].replace(line,
    line.replace('box: [9, 43.3, 41, 4.4]', `box: [${fmt(x - trim.x - 1)}, ${fmt(y - trim.y)}, 41, 4.4]`)));
  log('nudged 1 mm left');
  await page.click('#undo');
  await fileBecomes(LAYOUT, want);
  await page.click('#undo');
  await fileBecomes(LAYOUT, originals[LAYOUT]);
  log('undo restored', LAYOUT, 'byte for byte');
}

// The side panel of a selected element: its size and alignment set, each a
// minimal edit of the layout file (a value changed in place, a line added),
// each undone byte for byte.
async function elementProperties() {
  await openCard('gondor-hobbit-1');
  const handle = page.locator('#lightbox .handle[data-name="class"]');
  const r = await boxOf(handle);
  await page.mouse.move(r.x + r.width / 2, r.y + r.height / 2);
  await page.mouse.down();
  await page.mouse.up();  // a click selects it
  const panel = page.locator('#lightbox .props');
  await panel.waitFor({ state: 'visible', timeout: ms(20000) });
  assert.equal(await panel.locator('input[name="size"]').inputValue(), '7.5, 6.5');
  // The size range, changed where it is written: the two numbers of one line.
  const sized = originals[LAYOUT].replace(/(name: class\n(?:.*\n)*?\s+)size: \[7\.5, 6\.5\]\n/, '$1size: [7, 6]\n');
  assert.notEqual(sized, originals[LAYOUT]);
  await panel.locator('input[name="size"]').fill('7, 6');
  await panel.locator('input[name="size"]').press('Tab');
  await fileBecomes(LAYOUT, sized);
  log('side panel, size:', JSON.stringify(changedLines(originals[LAYOUT], sized)));
  // An alignment the element does not have: a line of its own after its name.
  await page.waitForFunction(() => document.querySelector('#lightbox .props input[name="size"]').value === '7, 6',
    null, { timeout: ms(20000) });
  await panel.locator('select[name="align"]').selectOption('right');
  const aligned = sized.replace('      name: class\n', '      name: class\n      align: right\n');
  await fileBecomes(LAYOUT, aligned);
  log('side panel, align: added', aligned.split('\n').find((l) => l.includes('align: right')));
  await shot('element-properties');
  await page.click('#undo');
  await fileBecomes(LAYOUT, sized);
  await page.click('#undo');
  await fileBecomes(LAYOUT, originals[LAYOUT]);
  log('undo restored', LAYOUT, 'byte for byte');
}

// Cards from the page: duplicate (a copy with a new id right after the
// original), move it earlier, delete it: the file is as before, byte for byte.
async function cardsFromPage() {
  page.on('dialog', (d) => d.accept());
  const line = originals[GAME].split('\n').find((l) => l.includes('{ id: rohan-hobbit,'));
  const copy = line.replace('id: rohan-hobbit,', 'id: rohan-hobbit-copy,');
  await openCard('rohan-hobbit-1');
  await page.click('#lightbox .card-tools .dup');
  const duplicated = originals[GAME].replace(line + '\n', line + '\n' + copy + '\n');
  await fileBecomes(GAME, duplicated);
  await page.waitForSelector('figure[data-stem$="rohan-hobbit-copy-1"] img', { timeout: ms(30000) });
  await shot('card-duplicated');
  await openCard('rohan-hobbit-copy-1');
  await page.click('#lightbox .card-tools .earlier');
  await fileBecomes(GAME, originals[GAME].replace(line + '\n', copy + '\n' + line + '\n'));
  await page.waitForFunction(() => document.querySelector('figure[data-stem$="rohan-hobbit-copy-1"]')?.dataset.stem.startsWith('03-'),
    null, { timeout: ms(30000) });
  await openCard('rohan-hobbit-copy-1');
  await page.click('#lightbox .card-tools .del');
  await fileBecomes(GAME, originals[GAME]);
  log('card duplicated, moved and deleted from the page; the data file is as before, byte for byte');
}

// A page of another origin, even one that knows the token, cannot write.
async function crossOrigin(url) {
  const token = new URL(url).searchParams.get('token');
  const evil = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>elsewhere</title>');
  });
  await new Promise((r) => evil.listen(0, '127.0.0.1', r));
  const other = await browser.context.newPage();
  await other.goto(`http://127.0.0.1:${evil.address().port}/`);
  const before = read(LAYOUT);
  const outcome = await other.evaluate(async ({ studio, token, hash }) => {
    const body = JSON.stringify({ file: 'layouts/palantir/card.yaml', hash,
      ops: [{ op: 'set', path: ['components', 'half', 0, 'box', 0], value: '1' }] });
    const results = [];
    try {  // a CORS request: its preflight is refused
      const r = await fetch(studio + '/api/edit', { method: 'POST', body,
        headers: { 'Content-Type': 'application/json', 'X-Kartenwerk-Token': token } });
      results.push('cors ' + r.status);
    } catch (e) { results.push('cors refused'); }
    // A "simple" request a form could make: sent, but refused by the studio.
    await fetch(studio + '/api/edit', { method: 'POST', mode: 'no-cors', body }).catch(() => {});
    results.push('no-cors sent');
    return results;
  }, { studio: new URL(url).origin, token, hash: '' });
  await other.close();
  evil.close();
  assert.deepEqual(outcome, ['cors refused', 'no-cors sent']);
  assert.equal(read(LAYOUT), before, 'the layout keeps its bytes');
  log('cross-origin writes refused:', outcome.join(', '));
}

// After every edit above the page asked only for what changed since the
// state it held (/api/state?since=): what it made of those deltas is the
// server's whole state of the same revision, card for card.
async function stateFromDeltas() {
  const deltas = await page.evaluate(() => performance.getEntriesByType('resource')
    .filter((r) => r.name.includes('/api/state?') && new URL(r.name).searchParams.has('since')).length);
  assert.ok(deltas > 0, 'the page asked for deltas');
  let held = null, whole = null;
  for (const until = Date.now() + ms(30000); Date.now() < until;) {
    ({ held, whole } = await page.evaluate(async () => {
      const full = await (await fetch('/api/state?' + query())).json();
      return { held: current, whole: full };
    }));
    if (held.revision === whole.revision) break;
    await new Promise((r) => setTimeout(r, 100));  // a reload (preflight's badges) the page has not read yet
  }
  assert.equal(held.revision, whole.revision, 'the page caught up with the server');
  assert.deepStrictEqual(held, whole);
  log(`the page's state, built from ${deltas} deltas, is the server's whole state (${whole.cards.length} cards)`);
}

async function main() {
  const url = await server.url;
  log('serving at', url);
  browser = await launchBrowser(playwright);
  page = await browser.context.newPage();
  page.setDefaultTimeout(ms(30000));
  page.on('console', (m) => log('console:', m.text()));
  await page.goto(url);
  await page.evaluate(() => performance.setResourceTimingBufferSize(100000));  // stateFromDeltas counts the deltas
  const count = await page.evaluate(async () => (await (await fetch('/api/state')).json()).cards.length);
  await allImagesLoaded(page, count);
  await sourceEdit();
  await missingTranslation();
  await englishEdit();
  await variantEdit();
  await changedUnderneath();
  await dragElement();
  await elementProperties();
  await cardsFromPage();
  await stateFromDeltas();
  await crossOrigin(url);
}

await runBrowserTest('studio edit test', main, { server, root, outDir, state: () => ({ page, browser }) });
