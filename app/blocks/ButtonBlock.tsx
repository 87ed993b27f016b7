import { buttonHref } from "../../domain/block-render";
import type { BlockOf } from "../../domain/blocks";
import { openPopup } from "../lib/popups";

/** A call to action: opens its popup when it names one, otherwise a link (default "/", label default "Submit"). */
export function ButtonBlockView({ block }: { block: BlockOf<"button"> }) {
  const className = `button block-button ${block.class}`.trim();
  if (block.modal) {
    const modal = block.modal;
    return (
      <div className={`block-button-row ${block.containerClass}`.trim()} data-block="button">
        <button type="button" id={block.id} className={className} aria-haspopup="dialog" onClick={() => openPopup(modal)}>
          {block.label}
        </button>
      </div>
    );
  }
  return (
    <div className={`block-button-row ${block.containerClass}`.trim()} data-block="button">
      <a id={block.id} className={className} href={buttonHref(block)}>
        {block.label}
      </a>
    </div>
  );
}
