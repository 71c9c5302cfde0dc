import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ImageStore, renderSvgAsWebp } from '../images/image-store';
import { installPath } from '../install-dir';
import type { BankPicture } from './bank';

/** A bank picture's stored name: its SVG's hash, so a redrawn picture is a new image. */
export const bankImageName = (hash: string) => `bank-${hash}.webp`;

/** Where a bank picture is stored. */
export function bankImageUrl(hash: string): string {
  return `/uploads/question-images/${bankImageName(hash)}`;
}

/** Where `npm run build` leaves the bank's pictures rendered (scripts/bank/render-pictures.ts). */
export const PRERENDERED_FOLDER = installPath('dist', 'bank-pictures');

/**
 * Puts in the uploads folder the bank's pictures it does not hold yet (a new install, a new bank, a
 * folder restored without them), one at a time, after start-up: until one is there, the image
 * route waits for it (`ready`). Each is copied from the build's rendering when there, so the server
 * loads no image code for them; rendered here otherwise (the sources run through tsx).
 */
export function renderBankPictures(
  store: ImageStore,
  pictures: Iterable<BankPicture>,
  onError: (error: unknown) => void,
  prerendered: string = PRERENDERED_FOLDER,
): { ready: Promise<number> } {
  const ready = (async () => {
    let stored = 0;
    for (const picture of pictures) {
      const built = join(prerendered, bankImageName(picture.hash));
      const render = () => (existsSync(built) ? readFile(built) : renderSvgAsWebp(picture.svg));
      try {
        if (await store.storeRendered(bankImageUrl(picture.hash), render)) stored++;
      } catch (error) {
        onError(error);
      }
    }
    return stored;
  })();
  store.rendering = ready;
  return { ready };
}
