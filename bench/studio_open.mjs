// The studio page opened on a large deck (real Chromium): from the page
// asked for until the images of the cards on the screen are loaded (the
// server has built the game before: its first state was asked for), and
// the page's own time to turn the element boxes on (every grid overlay
// drawn again, those drawn). Twice, each in a new tab.
//   node bench/studio_open.mjs [kartenwerk binary] [source dir] [times]
import fs from 'node:fs';
import path from 'node:path';
import { allImagesLoaded, copyProject, enlargePalantir, launchBrowser, playwrightOrExit, startServer }
  from '../tests/studio/studio_page.mjs';

const [binary = 'build/kartenwerk', sourceDir = '.', timesArg = '104'] = process.argv.slice(2);
const times = Number(timesArg);
const playwright = playwrightOrExit(path.resolve(sourceDir), { test: false });
const root = copyProject(sourceDir);
const file = path.join(root, 'data/games/palantir.yaml');
fs.writeFileSync(file, enlargePalantir(fs.readFileSync(file, 'utf8'), times));
const server = startServer(binary, root, ['--game', 'palantir']);
const browser = await launchBrowser(playwright);
try {
  const url = await server.url;
  const state = await (await fetch(new URL('/api/state', url))).json();
  for (let i = 0; i < 2; ++i) {
    const page = await browser.context.newPage();
    const since = performance.now();
    await page.goto(url);
    await allImagesLoaded(page, state.cards.length, 600000);
    const opened = performance.now() - since;
    const toggled = await page.evaluate(() => {
      const t = performance.now();
      document.getElementById('show-boxes').click();
      return performance.now() - t;
    });
    console.log(`palantir x${times} (${state.cards.length} cards)  page opened -> images on the screen loaded ` +
      `${(opened / 1000).toFixed(2)} s; element boxes turned on ${toggled.toFixed(0)} ms`);
    await page.close();
  }
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
  fs.rmSync(root, { recursive: true, force: true });
}
