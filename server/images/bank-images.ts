import type { BankPicture } from '../db/seed/seed';
import type { ImageStore } from './image-store';

/** Where a bank picture is stored once rendered: named by its SVG's hash, so a redrawn picture is a new image. */
export function bankImageUrl(hash: string): string {
  return `/uploads/question-images/bank-${hash}.webp`;
}

/**
 * Renders the bank's pictures that the uploads folder does not hold yet (a new install, a new bank,
 * a folder restored without them), one at a time, after start-up: until one is there, the image
 * route waits for it (`ready`). An install that has them all loads no image code at all.
 */
export function renderBankPictures(
  store: ImageStore,
  pictures: Iterable<BankPicture>,
  onError: (error: unknown) => void,
): { ready: Promise<number> } {
  const ready = (async () => {
    let rendered = 0;
    for (const picture of pictures) {
      try {
        if (await store.storeRendered(bankImageUrl(picture.hash), picture.svg)) rendered++;
      } catch (error) {
        onError(error);
      }
    }
    return rendered;
  })();
  store.rendering = ready;
  return { ready };
}
