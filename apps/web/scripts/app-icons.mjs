#!/usr/bin/env node
// Draws the home-screen icons in apps/web/public/icons from the favicon's mark: run it again after
// changing the mark. sharp is the server's image library (hoisted to the root node_modules).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

const out = resolve(import.meta.dirname, '../public/icons');
mkdirSync(out, { recursive: true });

/**
 * The mark on the brand gradient. `inset` is the share of the side the mark keeps clear around it:
 * a maskable icon's launcher may crop to a circle of 80% of the side, so its mark stays inside that.
 */
function icon({ rounded, inset }) {
  const scale = 1 - 2 * inset;
  const offset = 32 * inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ff7a3d"/>
      <stop offset="1" stop-color="#d9360b"/>
    </linearGradient>
  </defs>
  <rect width="32" height="32" rx="${rounded ? 8 : 0}" fill="url(#g)"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M9 20.5l4.5-5 3.5 3 6-7.5" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="23" cy="11" r="1.8" fill="#fff"/>
  </g>
</svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, inset: 0 },
  { file: 'icon-512.png', size: 512, rounded: true, inset: 0 },
  { file: 'maskable-512.png', size: 512, rounded: false, inset: 0.15 },
  // iOS draws its own rounded corners and shows transparency as black: a full square.
  { file: 'apple-touch-icon.png', size: 180, rounded: false, inset: 0.08 },
];

for (const { file, size, ...shape } of icons) {
  await sharp(Buffer.from(icon(shape)), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(out, file));
  process.stdout.write(`wrote ${file}\n`);
}
