import { srcSet, type MediaImage } from "../../domain/media";

/**
 * A <link rel="preload"> for a page's largest photograph, as a React Router meta descriptor: the browser starts the
 * AVIF rendition its width needs while it is still reading the head (the inlined CSS is tens of kilobytes), instead of
 * when the parser reaches the <img>. Browsers without AVIF skip it by its type and load the WebP from the <picture>.
 */
export function picturePreload(image: MediaImage, sizes: string) {
  return { tagName: "link", rel: "preload", as: "image", type: "image/avif", imageSrcSet: srcSet(image, "avif"), imageSizes: sizes, fetchPriority: "high" } as const;
}
