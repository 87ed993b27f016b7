import type { BlockOf } from "../../domain/blocks";
import { RichText } from "./Blocks";

export function ParagraphBlockView({ block }: { block: BlockOf<"paragraph"> }) {
  return (
    <div id={block.id} data-block="paragraph" className={`${block.inline ? "block-paragraph--inline" : "block-paragraph"} ${block.containerClass}`.trim()}>
      <RichText html={block.paragraph} className={`block-prose ${block.class}`.trim()} />
    </div>
  );
}
