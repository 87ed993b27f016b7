import type { Article } from "../../../domain/content";

const DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export function ArticleByline({ article }: { article: Pick<Article, "author" | "authorRole" | "publishedOn" | "readingMinutes"> }) {
  return (
    <p className="article-byline">
      By <span className="article-author">{article.author}</span>, {article.authorRole} ·{" "}
      <time dateTime={article.publishedOn}>{DATE.format(new Date(`${article.publishedOn}T00:00:00Z`))}</time> · {article.readingMinutes} min read
    </p>
  );
}
