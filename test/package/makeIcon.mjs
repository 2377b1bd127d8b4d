// Renders the extension's Marketplace icon, media/icon.png (128×128), from the activity-bar bell
// (media/novu.svg) on a rounded indigo tile, with headless Debian Chromium through playwright-core.
// Usage: node test/package/makeIcon.mjs [--out media/icon.png]
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withPage } from './chromium.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SIZE = 128;
const outArg = process.argv.indexOf('--out');
const out = resolve(ROOT, outArg > 0 ? process.argv[outArg + 1] : join('media', 'icon.png'));

// The bell itself, unchanged: it strokes with currentColor, so the tile's `color` paints it.
const bell = readFileSync(join(ROOT, 'media', 'novu.svg'), 'utf8').replace(/\swidth="24"\sheight="24"/, ' width="84" height="84"');

const html = `<!doctype html>
<html><head><style>
  html, body { margin: 0; background: transparent; }
  .tile {
    position: relative; width: ${SIZE}px; height: ${SIZE}px; box-sizing: border-box;
    border-radius: 26px; overflow: hidden; color: #fff;
    background:
      radial-gradient(circle at 28% 20%, rgba(255,255,255,0.20), rgba(255,255,255,0) 55%),
      linear-gradient(145deg, #5b4bdb 0%, #3a2a9e 55%, #24195f 100%);
    display: flex; align-items: center; justify-content: center;
  }
  .tile svg { display: block; margin-top: 2px; filter: drop-shadow(0 2px 3px rgba(0,0,0,0.35)); }
</style></head>
<body><div class="tile">${bell}</div></body></html>`;

await withPage({ viewport: { width: SIZE, height: SIZE } }, async (page) => {
  await page.setContent(html);
  await page.locator('.tile').screenshot({ path: out, omitBackground: true });
});
console.log(`wrote ${out}`);
