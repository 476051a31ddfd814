// The studio's latency for a one-card edit, as a designer sees it: from
// writing the YAML to the new image loaded in the page (real Chromium). Runs
// `kartenwerk serve` on a copy of the project, for Palantír and for a
// synthetic deck of about 300 cards (Palantír's playing cards repeated under
// new ids in the copy). Prints the median of several edits per case.
//   node bench/studio.mjs [kartenwerk binary] [source dir] [runs]
import fs from 'node:fs';
import path from 'node:path';
import { allImagesLoaded, copyProject, enlargePalantir, imageSources, launchBrowser, median, playwrightOrExit,
  startServer, waitForNewImages } from '../tests/studio/studio_page.mjs';

const [binary = 'build/kartenwerk', sourceDir = '.', runsArg = '7'] = process.argv.slice(2);
const runs = Number(runsArg);
const playwright = playwrightOrExit(path.resolve(sourceDir), { test: false });


async function measure(label, times) {
  const root = copyProject(sourceDir);
  const file = path.join(root, 'data/games/palantir.yaml');
  const base = enlargePalantir(fs.readFileSync(file, 'utf8'), times);
  fs.writeFileSync(file, base);
  const server = startServer(binary, root, ['--game', 'palantir']);
  const browser = await launchBrowser(playwright);
  try {
    const url = await server.url;
    const page = await browser.context.newPage();
    const state = await (await fetch(new URL('/api/state', url))).json();
    await page.goto(url);
    await allImagesLoaded(page, state.cards.length, 600000);
    const stems = state.cards.filter((c) => /^gondor-hobbit-\d+$/.test(c.card_id)).map((c) => c.stem);
    const took = [];
    for (let i = 1; i <= runs; ++i) {
      const before = await imageSources(page);
      const since = performance.now();
      fs.writeFileSync(file, base.replace('good: { name: Pippin }', `good: { name: Pippin ${i} }`));
      took.push(await waitForNewImages(page, stems, before, since, 30000));
    }
    console.log(`${label.padEnd(22)} ${String(state.cards.length).padStart(5)} images  one-card edit -> new image ` +
      `loaded: median ${(median(took) / 1000).toFixed(3)} s  (min ${(Math.min(...took) / 1000).toFixed(3)}, ` +
      `max ${(Math.max(...took) / 1000).toFixed(3)}, ${runs} runs)`);
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    fs.rmSync(root, { recursive: true, force: true });
  }
}

await measure('palantir', 1);
await measure('palantir x6 (~300)', 6);
