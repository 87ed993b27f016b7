import type { Article } from "../../../domain/content";
import { ArticleByline } from "./ArticleByline";

/** The Cultured index: every article, newest first, with its byline. */
export function ArticleList({ articles }: { articles: Omit<Article, "blocks">[] }) {
  return (
    <section className="block-section" aria-labelledby="all-articles">
      <div className="block-section-inner">
        <h2 id="all-articles" className="block-section-title">
          All articles
        </h2>
        <ul className="article-list" role="list">
          {articles.map((a) => (
            <li key={a.slug} className="article-card">
              <p className="article-card-category">{a.category}</p>
              <h3 className="article-card-title">
                <a href={a.path}>{a.title}</a>
              </h3>
              <p className="article-card-text">{a.description}</p>
              <ArticleByline article={a} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
