import { hasClass } from "../../domain/block-render";
import type { BlockOf } from "../../domain/blocks";
import { useContext } from "react";
import { BlockList, RichText, SectionExtrasContext } from "./Blocks";

/** A band of the page: optional title and text, then its own blocks, on an optional background. */
export function SectionBlockView({ block }: { block: BlockOf<"section"> }) {
  const style = block.background ? { ["--section-bg" as string]: block.background, ["--section-bg-small" as string]: block.backgroundSmall ?? block.background } : undefined;
  const titleId = block.title && block.id ? `${block.id}-title` : undefined;
  // The first band of a landing page (class page-hero) carries the page's one h1.
  const Title = hasClass(block, "page-hero") ? "h1" : "h2";
  const extras = useContext(SectionExtrasContext);
  const extra = block.id && Object.hasOwn(extras, block.id) ? extras[block.id] : null;
  return (
    <section
      id={block.id}
      aria-labelledby={titleId}
      className={`block-section ${block.background ? "block-section--filled" : ""} ${block.class}`.trim()}
      style={style}
      data-block="section"
    >
      <div className={`block-section-inner ${block.containerClass}`.trim()}>
        {block.title ? (
          <Title id={titleId} className="block-section-title">
            {block.title}
          </Title>
        ) : null}
        {block.paragraph ? <RichText html={block.paragraph} className="block-prose block-section-text" /> : null}
        <BlockList blocks={block.blocks} />
        {extra}
      </div>
    </section>
  );
}
