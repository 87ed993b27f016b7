import { cssAspectRatio } from "../../domain/block-render";
import type { BlockImage, BlockOf } from "../../domain/blocks";
import { optimiseImageUrl } from "../../domain/images";
import { libraryImageOf } from "../../domain/media-blocks";
import { Picture } from "../components/ui/Picture";
import { RichText, useIsFirstPoster } from "./Blocks";

/** The image's link (secure first) through the image rule of SPEC.md section 5. */
export const imageSrc = (image: BlockImage) => optimiseImageUrl(image.secure_url ?? image.url);

/**
 * An image or a video with an optional legend. The frame keeps its aspect ratio (mobile 1:1, desktop 16:9 by
 * default) so nothing shifts while it loads; the first poster of a page loads eagerly, as it is usually the LCP.
 */
export function PosterBlockView({ block }: { block: BlockOf<"poster"> }) {
  const priority = useIsFirstPoster(block);
  const style = {
    ["--poster-ratio-mobile" as string]: cssAspectRatio(block.mobileAspectRatio),
    ["--poster-ratio-desktop" as string]: cssAspectRatio(block.desktopAspectRatio),
  };
  const [small, large] = [block.image[0], block.image[1] ?? block.image[0]];
  const decorative = block.altText === "";
  return (
    <figure id={block.id} data-block="poster" className={`block-poster ${block.cover ? "block-poster--cover" : ""} ${block.class}`.trim()}>
      <div className={`block-poster-frame ${block.containerClass}`.trim()} style={style}>
        {block.desktopPlaybackId || block.videoId ? (
          <video
            className="block-poster-media"
            src={`/media/${block.desktopPlaybackId ?? block.videoId}.mp4`}
            poster={small ? imageSrc(small) : undefined}
            muted
            playsInline
            controls
            preload="none"
            aria-label={block.altText || block.title}
          />
        ) : small && libraryImageOf(small) ? (
          // A media library image (ADR 0067): every width as AVIF and WebP, sized by the frame.
          <Picture
            image={{ hash: libraryImageOf(small)!.hash, width: small.width, height: small.height, alt: block.altText, placeholder: "" }}
            sizes="(min-width: 1280px) 1200px, 100vw"
            priority={priority}
            className="block-poster-media"
          />
        ) : small && large ? (
          <picture>
            {large !== small ? <source media="(min-width: 768px)" srcSet={imageSrc(large)} width={large.width} height={large.height} /> : null}
            <img
              className="block-poster-media"
              src={imageSrc(small)}
              width={small.width}
              height={small.height}
              alt={block.altText}
              role={decorative ? "presentation" : undefined}
              loading={priority ? "eager" : "lazy"}
              fetchPriority={priority ? "high" : "auto"}
              decoding="async"
            />
          </picture>
        ) : null}
      </div>
      {block.legend ? (
        <figcaption className="block-poster-legend">
          {block.title ? <strong className="block-poster-title">{block.title}</strong> : null}
          <RichText html={block.legend} as="span" className="block-prose" />
        </figcaption>
      ) : null}
    </figure>
  );
}
