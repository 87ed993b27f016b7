import type { ContentPage } from "../../../domain/content";
import { Blocks } from "../../blocks/Blocks";
import { PageIntro } from "./PageIntro";
import type { ReactNode } from "react";

/** A CMS page: its heading and introduction, then its blocks, then whatever the route adds. */
export function ContentBody({ page, children }: { page: ContentPage; children?: ReactNode }) {
  // A page that opens with a hero band (class page-hero) has its h1 there instead of the standard introduction.
  const hero = page.blocks[0]?.type === "section" && page.blocks[0].class.split(" ").includes("page-hero");
  return (
    <main id="main" className="content-page">
      {hero ? null : <PageIntro page={page} />}
      <div className="content-blocks">
        <Blocks blocks={page.blocks} />
        {children}
      </div>
    </main>
  );
}
