/** Page links of a review list: previous, a window of numbers, next. Plain links, so they work before JavaScript. */
export function ReviewPager({ page, pages, hrefOf, label }: { page: number; pages: number; hrefOf: (page: number) => string; label: string }) {
  if (pages <= 1) return null;
  const from = Math.max(1, Math.min(page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => from + i).filter((n) => n <= pages);
  return (
    <nav className="review-pager" aria-label={label}>
      <ul>
        <li>{page > 1 ? <a href={hrefOf(page - 1)} rel="prev">Previous</a> : <span aria-hidden="true" className="review-pager__off">Previous</span>}</li>
        {numbers.map((n) => (
          <li key={n}>
            <a href={hrefOf(n)} aria-current={n === page ? "page" : undefined} aria-label={`Page ${n}`}>
              {n}
            </a>
          </li>
        ))}
        <li>{page < pages ? <a href={hrefOf(page + 1)} rel="next">Next</a> : <span aria-hidden="true" className="review-pager__off">Next</span>}</li>
      </ul>
    </nav>
  );
}
