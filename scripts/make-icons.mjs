#!/usr/bin/env node
// Draws the app icons of manifest.webmanifest from the game's own glyph code: the board's
// Immobilizer glyph (drawGlyph, crates/board/src/glyphs.rs) on a 2×2 patch of the wood board
// (BoardView.colors, crates/board/src/palette.rs), rendered by headless Chromium and saved as PNG.
// Run by hand after a glyph or palette change, then commit the PNGs:
//
//   bash scripts/build-web.sh && node scripts/make-icons.mjs
//
// Writes www/icons/icon-32.png (the pages' favicon), icon-192.png, icon-512.png (rounded,
// transparent corners) and maskable-512.png (full bleed; the glyph inside the central 80% safe
// circle). Chromium's PNG encoder is fast rather than small: `zopflipng` (Debian's zopfli),
// when installed, recompresses each file without changing a pixel (about 45% smaller; the
// offline set carries the icons).
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, launch, startServer } from '../tests/e2e/helpers.mjs';

const OUT = join(ROOT, 'www', 'icons');
const ICONS = [
  { file: 'icon-32.png', size: 32, maskable: false },
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
];

const server = await startServer();
const browser = await launch();
try {
  const page = await (await browser.newContext({ deviceScaleFactor: 1 })).newPage();
  await page.goto(`${server.url}www/embed.html`);
  mkdirSync(OUT, { recursive: true });
  for (const icon of ICONS) {
    const dataUrl = await page.evaluate(async ({ size, maskable }) => {
      const wasm = await import('./pkg/baroque_web.js');
      await wasm.default();
      const raw = wasm.BoardView.colors('light', 'wood'); // an object (older builds: its JSON)
      const colors = typeof raw === 'string' ? JSON.parse(raw) : raw;
      const c = document.createElement('canvas');
      c.width = c.height = size;
      const ctx = c.getContext('2d');
      ctx.save();
      if (!maskable) {
        // A rounded square; its corners stay transparent.
        const r = size * 0.18;
        ctx.beginPath();
        ctx.roundRect(size * 0.02, size * 0.02, size * 0.96, size * 0.96, r);
        ctx.clip();
      }
      const half = size / 2;
      for (const [x, y, light] of [[0, 0, true], [half, 0, false], [0, half, false], [half, half, true]]) {
        ctx.fillStyle = light ? colors.light : colors.dark;
        ctx.fillRect(x, y, half, half);
      }
      ctx.restore();
      // The glyph: 76% of the icon, or 58% for the maskable one (inside its 80% safe circle).
      const g = document.createElement('canvas');
      const side = Math.round(size * (maskable ? 0.58 : 0.76));
      g.style.cssText = `position:fixed;left:0;top:0;width:${side}px;height:${side}px`;
      document.body.append(g);
      wasm.BoardView.drawGlyph(g, 'immobilizer', 'white');
      ctx.drawImage(g, (size - side) / 2, (size - side) / 2, side, side);
      g.remove();
      return c.toDataURL('image/png');
    }, icon);
    const png = Buffer.from(dataUrl.split(',')[1], 'base64');
    const file = join(OUT, icon.file);
    writeFileSync(file, png);
    const zopfli = spawnSync('zopflipng', ['-y', '-m', file, file], { stdio: 'ignore' });
    if (zopfli.error) console.log('note: zopflipng is not installed (apt-get install zopfli): the icon is not recompressed');
    console.log(`wrote www/icons/${icon.file} (${icon.size}×${icon.size}, ${statSync(file).size} bytes)`);
  }
} finally {
  await browser.close();
  server.stop();
}
