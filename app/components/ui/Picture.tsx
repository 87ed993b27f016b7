import { mediaPath, srcSet, widthsFor, type MediaImage } from "../../../domain/media";

interface PictureProps {
  image: MediaImage;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** The page's largest paint: loaded eagerly at high priority (and preloaded by the route). */
  priority?: boolean;
  className?: string;
  /** Overrides the library's alt text (an empty string marks the image decorative). */
  alt?: string;
}

/**
 * A media library image: AVIF then WebP from the immutable, content-hashed renditions, with its width and height set
 * so nothing shifts, and its blurred placeholder behind it until it loads.
 */
export function Picture({ image, sizes, priority = false, className, alt }: PictureProps) {
  const widths = widthsFor(image.width);
  const fallbackWidth = widths.find((w) => w >= 640) ?? widths[widths.length - 1] ?? image.width;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(image, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image, "webp")} sizes={sizes} />
      <img
        className={className}
        src={mediaPath(image.hash, fallbackWidth, "webp")}
        alt={alt ?? image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
        style={image.placeholder ? { backgroundImage: `url(${image.placeholder})`, backgroundSize: "cover" } : undefined}
      />
    </picture>
  );
}
