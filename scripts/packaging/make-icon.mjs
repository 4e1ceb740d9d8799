#!/usr/bin/env node
// Draws the application icon, packaging/icon.png (1024 × 1024 RGBA), from shapes: a soft
// body settling on the ground, squashed by its landing, on the app's dark background.
// electron-builder derives every platform's icon (icns, ico, the Linux sizes) from it.
// Written with node:zlib alone so that the icon can be redrawn on any machine:
//
//   node scripts/packaging/make-icon.mjs [out.png]
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE = 1024;
/** Samples per pixel side: 4 × 4 supersampling smooths the edges. */
const SUPERSAMPLE = 4;

const BACKGROUND_TOP = [0x2b, 0x2d, 0x31];
const BACKGROUND_BOTTOM = [0x1e, 0x1f, 0x22];
const BODY_LIGHT = [0x7f, 0xe0, 0xc8];
const BODY_DARK = [0x1f, 0x8a, 0x78];
const GROUND = [0xe8, 0x9a, 0x3c];

/** Signed distance to a rounded square filling the canvas with a margin (negative inside). */
function roundedSquare(x, y) {
  const half = 0.46;
  const radius = 0.2;
  const qx = Math.abs(x - 0.5) - (half - radius);
  const qy = Math.abs(y - 0.5) - (half - radius);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

/** The body: an ellipse wider than tall, its bottom flattened where it rests on the ground. */
function bodyDistance(x, y) {
  const cx = 0.5;
  const cy = 0.55;
  const ex = (x - cx) / 0.3;
  const ey = (y - cy) / 0.22;
  const ellipse = (Math.hypot(ex, ey) - 1) * 0.22;
  return Math.max(ellipse, y - 0.7);
}

function mix(a, b, t) {
  return a.map((value, i) => value + (b[i] - value) * t);
}

/** Colour and coverage of one sample point in unit coordinates (y down). */
function sample(x, y) {
  if (roundedSquare(x, y) > 0) return undefined;
  let colour = mix(BACKGROUND_TOP, BACKGROUND_BOTTOM, y);
  if (y > 0.7 && y < 0.735 && x > 0.14 && x < 0.86) colour = GROUND;
  if (bodyDistance(x, y) < 0) {
    // Light from the upper left: brighter towards (0.4, 0.42).
    const light = Math.min(1, Math.hypot(x - 0.4, y - 0.42) / 0.38);
    colour = mix(BODY_LIGHT, BODY_DARK, light);
  }
  return colour;
}

function crc32Table() {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}
const CRC_TABLE = crc32Table();

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function drawIcon(size = SIZE) {
  // Each row: a filter byte (0, none) and RGBA pixels.
  const raw = Buffer.alloc(size * (1 + size * 4));
  const samples = SUPERSAMPLE * SUPERSAMPLE;
  for (let py = 0; py < size; py++) {
    const row = py * (1 + size * 4);
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const colour = sample(
            (px + (sx + 0.5) / SUPERSAMPLE) / size,
            (py + (sy + 0.5) / SUPERSAMPLE) / size,
          );
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          covered += 1;
        }
      }
      const at = row + 1 + px * 4;
      if (covered > 0) {
        raw[at] = Math.round(r / covered);
        raw[at + 1] = Math.round(g / covered);
        raw[at + 2] = Math.round(b / covered);
      }
      raw[at + 3] = Math.round((255 * covered) / samples);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = process.argv[2] ?? fileURLToPath(new URL('../../packaging/icon.png', import.meta.url));
  writeFileSync(out, drawIcon());
  console.log(`[make-icon] wrote ${out}`);
}
