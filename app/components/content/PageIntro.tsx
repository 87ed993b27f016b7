import type { ContentPage } from "../../../domain/content";

/** The heading and introduction every page starts with. */
export function PageIntro({ page }: { page: Pick<ContentPage, "title" | "intro"> }) {
  return (
    <header className="page page-head">
      <h1 className="page-title">{page.title}</h1>
      <p className="page-intro">{page.intro}</p>
    </header>
  );
}
