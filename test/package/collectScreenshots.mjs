// Copies the README's screenshots from the UI tests' output (test-results/screenshots/, made by
// `npm test -- ui`) into media/screenshots/, cropped (optionally downscaled) with headless Debian Chromium
// and reduced to a palette with pngquant, so that the .vsix stays small.
// Usage: node test/package/collectScreenshots.mjs [--only preview-email-dark.png,…]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withPage } from './chromium.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FROM = join(ROOT, 'test-results', 'screenshots');
const TO = join(ROOT, 'media', 'screenshots');

/**
 * What the README shows. `crop` is in source pixels (the UI tests shoot 1440×900); `width` is the
 * output width (height follows the crop's aspect ratio). Tree-only shots keep the side bar and the
 * status bar item, not the empty editor area.
 */
export const SHOTS = [
  { from: 'sandbox-dark.png', to: 'sandbox-dark.png', crop: { x: 0, y: 0, width: 400, height: 900 } },
  { from: 'integrations-dark.png', to: 'integrations-dark.png', crop: { x: 0, y: 0, width: 400, height: 900 } },
  { from: 'welcome-dark.png', to: 'welcome-dark.png', crop: { x: 0, y: 0, width: 400, height: 520 } },
  { from: 'activity-opened-dark.png', to: 'activity-dark.png', crop: { x: 0, y: 0, width: 1440, height: 640 }, width: 1100 },
  { from: 'notification-failed-dark.png', to: 'notification-dark.png', crop: { x: 348, y: 35, width: 1092, height: 840 } },
  { from: 'preferences-light.png', to: 'preferences-light.png', crop: { x: 348, y: 35, width: 1092, height: 840 } },
  { from: 'diagnosis-cause-dark.png', to: 'diagnosis-dark.png', crop: { x: 348, y: 35, width: 1092, height: 840 } },
  { from: 'code-lenses-dark.png', to: 'code-dark.png', crop: { x: 400, y: 255, width: 880, height: 300 } },
  { from: 'preview-email-dark.png', to: 'preview-email-dark.png', crop: { x: 348, y: 35, width: 1092, height: 840 } },
  // Notification tests (issue 46): the walkthrough's picture, and docs/tests.md's in both themes.
  { from: 'tests-failed-dark.png', to: 'tests-dark.png', crop: { x: 0, y: 35, width: 1440, height: 545 }, width: 900 },
  { from: 'tests-failed-light.png', to: 'tests-light.png', width: 1100 },
  { from: 'tests-snapshot-dark.png', to: 'tests-snapshot-dark.png', width: 1100 },
  { from: 'tests-snapshot-light.png', to: 'tests-snapshot-light.png', width: 1100 },
  { from: 'tests-debug-dark.png', to: 'tests-debug-dark.png', width: 1100 },
  { from: 'tests-debug-light.png', to: 'tests-debug-light.png', width: 1100 },
  { from: 'tests-lenses-dark.png', to: 'tests-lenses-dark.png', crop: { x: 348, y: 35, width: 1092, height: 540 }, width: 900 },
  { from: 'tests-lenses-light.png', to: 'tests-lenses-light.png', crop: { x: 348, y: 35, width: 1092, height: 540 }, width: 900 },
  { from: 'preview-email-light.png', to: 'preview-email-light.png', crop: { x: 348, y: 35, width: 1092, height: 840 } },
  // Compare Environments (issue 52): the view in dark; a finding's link beside the diff editor in light.
  { from: 'environments-tree-dark.png', to: 'environments-dark.png', crop: { x: 0, y: 35, width: 360, height: 865 } },
  { from: 'environments-finding-light.png', to: 'environments-light.png', crop: { x: 0, y: 35, width: 1440, height: 840 }, width: 1100 },
  // Topics, contexts and the Inbox (issue 55): the Inbox on a run, the dry run beside its review, in both themes.
  { from: 'inbox-run-dark.png', to: 'inbox-dark.png', crop: { x: 348, y: 35, width: 1092, height: 840 } },
  { from: 'inbox-run-light.png', to: 'inbox-light.png', crop: { x: 348, y: 35, width: 1092, height: 840 } },
  { from: 'topic-reach-dark.png', to: 'topic-reach-dark.png', crop: { x: 0, y: 35, width: 1440, height: 840 }, width: 1100 },
  { from: 'topic-reach-light.png', to: 'topic-reach-light.png', crop: { x: 0, y: 35, width: 1440, height: 840 }, width: 1100 },
];
// `--only <to>,<to>`: just those (after one UI test file ran, the others' sources may be missing).
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? new Set(process.argv[onlyArg + 1].split(',')) : undefined;

/** PNG width and height from the IHDR chunk. */
function pngSize(file) {
  const b = readFileSync(file);
  if (b.toString('ascii', 1, 4) !== 'PNG') throw new Error(`${file} is not a PNG`);
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

const chosen = SHOTS.filter((s) => !only || only.has(s.to));
const missing = chosen.map((s) => join(FROM, s.from)).filter((f) => !existsSync(f));
if (missing.length > 0) {
  console.error(`missing UI screenshots (run \`npm test -- ui\` first):\n  ${missing.map((f) => relative(ROOT, f)).join('\n  ')}`);
  process.exit(1);
}
mkdirSync(TO, { recursive: true });
const pngquant = spawnSync('pngquant', ['--version']).status === 0;
if (!pngquant) console.warn('pngquant is not installed (apt-get install pngquant): the screenshots stay full-colour and about 2.5x larger');

await withPage({}, async (page) => {
  for (const shot of chosen) {
    const source = join(FROM, shot.from);
    const size = pngSize(source);
    const crop = shot.crop ?? { x: 0, y: 0, ...size };
    const scale = (shot.width ?? crop.width) / crop.width;
    const width = Math.round(crop.width * scale);
    const height = Math.round(crop.height * scale);
    await page.setViewportSize({ width, height });
    const data = readFileSync(source).toString('base64');
    await page.setContent(
      `<body style="margin:0;overflow:hidden"><div style="position:relative;width:${width}px;height:${height}px;overflow:hidden">` +
        `<img style="position:absolute;left:${-crop.x * scale}px;top:${-crop.y * scale}px;width:${size.width * scale}px;height:${size.height * scale}px" ` +
        `src="data:image/png;base64,${data}"></div></body>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    const target = join(TO, shot.to);
    await page.screenshot({ path: target, clip: { x: 0, y: 0, width, height } });
    // A palette of up to 256 colours keeps the text sharp at about 40% of the size (Debian's pngquant, when installed).
    if (pngquant) execFileSync('pngquant', ['--quality=85-98', '--speed', '1', '--strip', '--force', '--output', target, target]);
    console.log(`${relative(ROOT, target)}  ${width}×${height}  ${Math.round(statSync(target).size / 1024)} KB  (from ${shot.from})`);
  }
});
