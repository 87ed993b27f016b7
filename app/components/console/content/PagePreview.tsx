import type { Block } from "../../../../domain/blocks";
import { Blocks } from "../../../blocks/Blocks";

/**
 * The page as the shop would show it, drawn with the shop's own block components from blocks the server validated
 * and sanitised (the preview action or the stored version), never from the raw form.
 */
export function PagePreview({ title, intro, blocks, caption, busy }: { title: string; intro: string; blocks: Block[]; caption: string; busy?: boolean }) {
  return (
    <section className="cc-preview" aria-labelledby="cc-preview-heading" aria-busy={busy || undefined}>
      <h2 id="cc-preview-heading">Preview</h2>
      <p className="c-hint">{caption}</p>
      <div className="cc-preview-page" data-testid="content-preview">
        <div className="page page-head">
          <p className="page-title cc-preview-title">{title}</p>
          <p className="page-intro">{intro}</p>
        </div>
        <div className="content-blocks">
          <Blocks blocks={blocks} />
        </div>
      </div>
    </section>
  );
}
