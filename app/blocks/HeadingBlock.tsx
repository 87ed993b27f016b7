import { hasClass } from "../../domain/block-render";
import type { BlockOf } from "../../domain/blocks";
import { useHeadingNumber } from "./Blocks";

/** A heading; styled with-number it shows its two-digit position among the numbered headings of the page. */
export function HeadingBlockView({ block }: { block: BlockOf<"heading"> }) {
  const number = useHeadingNumber(block);
  const small = hasClass(block, "small");
  const Tag = small ? "h3" : "h2";
  return (
    <Tag id={block.id} className={`block-heading ${block.class}`.trim()} data-block="heading">
      {number ? (
        <span className="block-heading-number" aria-hidden="true">
          {number}
        </span>
      ) : null}
      {block.title}
    </Tag>
  );
}
