import type { ContentPage } from "../../../domain/content";
import { Blocks } from "../../blocks/Blocks";
import { PageIntro } from "./PageIntro";
import type { ReactNode } from "react";

/** A CMS page: its heading and introduction, then its blocks, then whatever the route adds. */
export function ContentBody({ page, children }: { page: ContentPage; children?: ReactNode }) {
  return (
    <main id="main" className="content-page">
      <PageIntro page={page} />
      <div className="content-blocks">
        <Blocks blocks={page.blocks} />
        {children}
      </div>
    </main>
  );
}
