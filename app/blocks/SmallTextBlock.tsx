import type { BlockOf } from "../../domain/blocks";
import { RichText } from "./Blocks";

/** Fine print: footnotes, the regulator disclaimer, sources. */
export function SmallTextBlockView({ block }: { block: BlockOf<"small-text"> }) {
  return (
    <div id={block.id} data-block="small-text" className={`block-small-text ${block.class}`.trim()}>
      <RichText html={block.paragraph} className="block-prose" />
    </div>
  );
}
