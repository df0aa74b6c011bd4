// Makes the bitmap icons from public/favicon.svg (run again after changing it: `node scripts/favicons.mjs`):
//   public/favicon.ico           16, 32 and 48 px. Browsers, feed readers and crawlers ask for /favicon.ico
//                                whatever the page links; Safari before 26 and older tools take no SVG icon.
//   public/apple-touch-icon.png  180 px, square and opaque (iOS rounds the corners itself and fills
//                                transparency with black), asked for by iOS at the site's root.
// The files are committed: the build copies public/ as it is, and server.mjs serves them with the root files.
import "../core/node-version.mjs"; // first: an older Node stops here in one line
import { Buffer } from "node:buffer";
import fs from "node:fs";
import sharp from "sharp";

const svg = fs.readFileSync("public/favicon.svg");

/** An ICO whose images are PNGs (every browser since IE 11 reads them): a 6-byte header, a 16-byte entry each, the PNGs. */
function ico(pngs) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = 6 + 16 * pngs.length;
  const entries = pngs.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0); // width (0 means 256)
    entry.writeUInt8(size % 256, 1); // height
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs.map((p) => p.data)]);
}

const pngs = [];
for (const size of [16, 32, 48]) {
  pngs.push({
    size,
    data: await sharp(svg, { density: 72 * (size / 64) * 4 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer(),
  });
}
fs.writeFileSync("public/favicon.ico", ico(pngs));

// The same drawing on a square, opaque background: the rounded corners of the SVG would turn black.
const square = svg.toString().replace(/ rx="[^"]*"/, "");
await sharp(Buffer.from(square), { density: 72 * (180 / 64) })
  .resize(180, 180)
  .flatten({ background: "#101014" })
  .png({ compressionLevel: 9 })
  .toFile("public/apple-touch-icon.png");
