import type { BlockOf } from "../../domain/blocks";
import { RichText } from "./Blocks";
import { imageSrc } from "./PosterBlock";
import { libraryImageOf } from "../../domain/media-blocks";
import { Picture } from "../components/ui/Picture";

/**
 * Banner slides in a horizontal scroll-snap strip: every slide is in the HTML (readable and linkable without
 * JavaScript), swiped on touch, scrolled with the keyboard when the strip has focus.
 */
export function SliderBlockView({ block }: { block: BlockOf<"slider"> }) {
  const labelId = block.id ? `${block.id}-label` : undefined;
  return (
    <div id={block.id} data-block="slider" className={`block-slider ${block.class}`.trim()}>
      {block.title ? (
        <h2 id={labelId} className="block-section-title">
          {block.title}
        </h2>
      ) : null}
      <ul className={`block-slider-track ${block.containerClass}`.trim()} tabIndex={0} aria-label={block.title ?? "Slides"} role="list">
        {block.slide.map((slide, i) => (
          <li
            key={i}
            className="block-slide"
            aria-label={`${i + 1} of ${block.slide.length}`}
            style={slide.background ? { ["--slide-bg" as string]: slide.background, ["--slide-bg-small" as string]: slide.backgroundSmall ?? slide.background } : undefined}
          >
            {slide.image[0] && libraryImageOf(slide.image[0]) ? (
              <Picture
                image={{ hash: libraryImageOf(slide.image[0])!.hash, width: slide.image[0].width, height: slide.image[0].height, alt: slide.altText, placeholder: "" }}
                sizes="(min-width: 768px) 33vw, 85vw"
                className="block-slide-image"
              />
            ) : slide.image[0] ? (
              <img className="block-slide-image" src={imageSrc(slide.image[0])} width={slide.image[0].width} height={slide.image[0].height} alt={slide.altText} loading="lazy" decoding="async" />
            ) : null}
            <h3 className="block-slide-title">{slide.title}</h3>
            {slide.paragraph ? <RichText html={slide.paragraph} className="block-prose block-slide-text" /> : null}
            {slide.link ? (
              <a className="block-slide-link" href={slide.link}>
                {slide.label ?? "Learn more"}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
