import type { BlockOf } from "../../domain/blocks";
import { RichText } from "./Blocks";

/** A question and its answer; a native disclosure, so it opens with the keyboard and before JavaScript. */
export function AccordionBlockView({ block }: { block: BlockOf<"accordion"> }) {
  return (
    <details id={block.id} className={`block-accordion ${block.class}`.trim()} data-block="accordion">
      <summary className="block-accordion-title">
        <span>{block.title}</span>
        <span aria-hidden="true" className="block-accordion-sign" />
      </summary>
      <RichText html={block.paragraph} className="block-prose block-accordion-body" />
    </details>
  );
}
