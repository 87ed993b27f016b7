import type { Block } from "../../../../domain/blocks";
import { Blocks } from "../../../blocks/Blocks";
import { PreviewFrame } from "./PreviewFrame";

/**
 * The page as the shop would show it, drawn with the shop's own block components from blocks the server validated
 * and sanitised (the preview action or the stored version), never from the raw form: at a phone's width (390 px)
 * and a desktop's side by side.
 */
export function PagePreview({ title, intro, blocks, caption, busy }: { title: string; intro: string; blocks: Block[]; caption: string; busy?: boolean }) {
  const page = (
    <div className="cc-preview-page" data-testid="content-preview">
      <div className="page page-head">
        <p className="page-title cc-preview-title">{title}</p>
        <p className="page-intro">{intro}</p>
      </div>
      <div className="content-blocks">
        <Blocks blocks={blocks} />
      </div>
    </div>
  );
  return (
    // tabIndex: on a wide screen the preview scrolls on its own, so a keyboard must be able to reach and scroll it.
    <section className="cc-preview" aria-labelledby="cc-preview-heading" aria-busy={busy || undefined} tabIndex={0}>
      <h2 id="cc-preview-heading">Preview</h2>
      <p className="c-hint">{caption}</p>
      <div className="cc-frames">
        {/* The phone's copy is for the eye: the desktop one is the one to read with a screen reader or keyboard. */}
        <PreviewFrame width={390} title="Phone, 390 px" inert>
          {page}
        </PreviewFrame>
        <PreviewFrame width={1280} title="Desktop, 1280 px">
          {page}
        </PreviewFrame>
      </div>
    </section>
  );
}
