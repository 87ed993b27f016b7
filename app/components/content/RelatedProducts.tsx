export interface RelatedProduct {
  code: string;
  name: string;
  href: string;
  image: string;
  text: string;
}

/** The products an article is about, at its foot. */
export function RelatedProducts({ products }: { products: RelatedProduct[] }) {
  if (products.length === 0) return null;
  return (
    <section className="block-section block-section--filled related-products" aria-labelledby="related-products" style={{ ["--section-bg" as string]: "var(--color-mint)" }}>
      <div className="block-section-inner">
        <h2 id="related-products" className="block-section-title">
          Related products
        </h2>
        <ul className="related-list" role="list">
          {products.map((p) => (
            <li key={p.code} className="related-card">
              <img src={p.image} alt="" width={96} height={96} loading="lazy" decoding="async" />
              <div>
                <h3 className="related-name">
                  <a href={p.href}>{p.name}</a>
                </h3>
                <p>{p.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
