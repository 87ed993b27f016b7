import { mediaPath, widthsFor } from "../../domain/media";
import type { EmailLineImage } from "../modules/orders";
import { productPhotos } from "../modules/catalog";
import { publicOrigin } from "../public-origin";
import type { Shop } from "../shop";

/** How wide an email draws a line's photo (CSS pixels); the rendition fetched is at least twice that, for sharp screens. */
export const EMAIL_THUMB = 56;

/**
 * Each product's first photo as an order email shows it (ADR 0069): an absolute URL at the shop's public origin
 * (PUBLIC_URL, never a request's Host), a WebP rendition (most mail clients draw WebP; few draw AVIF), width, height
 * and alt set. A product without a photo answers null, and the email shows no picture for it.
 */
export async function emailProductImages(shop: Shop): Promise<(productCode: string) => EmailLineImage | null> {
  const photos = await productPhotos(shop);
  const origin = publicOrigin(shop.env);
  return (productCode) => {
    const photo = photos[productCode];
    if (!photo) return null;
    const width = widthsFor(photo.width).find((w) => w >= EMAIL_THUMB * 2) ?? photo.width;
    return { src: `${origin}${mediaPath(photo.hash, width, "webp")}`, width: EMAIL_THUMB, height: Math.round((EMAIL_THUMB * photo.height) / photo.width) };
  };
}
