/**
 * Renders the bank's pictures for the build (`npm run build`, scripts/build-server.mjs):
 * `tsx scripts/bank/render-pictures.ts <folder>` writes each SVG of server/bank/data/images/ as the
 * WebP the server stores (server/images/bank-images.ts), named by the SVG's hash. The server then
 * copies them into the uploads folder instead of loading image code at start-up.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBankPictures } from '../../server/bank/bank';
import { bankImageName } from '../../server/bank/bank-images';
import { renderSvgAsWebp } from '../../server/images/image-store';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: tsx scripts/bank/render-pictures.ts <folder>');
  process.exit(1);
}
rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });
for (const picture of readBankPictures().values()) {
  writeFileSync(join(folder, bankImageName(picture.hash)), await renderSvgAsWebp(picture.svg));
}
console.log(`rendered ${readdirSync(folder).length} bank pictures into ${folder}`);
