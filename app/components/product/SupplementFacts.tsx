import type { Facts } from "../../../domain/product-profile";

/** More strains than this fold into a disclosure on a phone, so the panel does not push the page's end out of reach. */
const LONG_LIST = 6;

/**
 * The supplement-facts panel from the product's profile (ADR 0069): a real table (caption, header cells with scope)
 * styled like a printed label. A long strain list sits in a <details>, open to read on a wide screen (CSS) and
 * folded on a phone. Rendered to markup on the server and never hydrated (ADR 0077): no hooks or handlers here.
 */
export function SupplementFacts({ facts, productName }: { facts: Facts; productName: string }) {
  const footnote = facts.amounts.some((a) => a.dailyValue === "†");
  return (
    <section className="facts-section" aria-labelledby="supplement-facts">
      <h2 id="supplement-facts" className="section-title">
        Supplement facts
      </h2>
      <div className="facts">
        <table className="facts__table">
          <caption className="facts__caption">
            <span className="facts__title">Supplement Facts</span>
            <span className="sr-only"> for {productName}</span>
            <span className="facts__serving">Serving size: {facts.servingSize}</span>
            <span className="facts__serving">Servings per pack: {facts.servingsPerPack}</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">Amount per serving</th>
              <th scope="col" className="facts__num">
                Amount
              </th>
              <th scope="col" className="facts__num">
                <abbr title="Daily Value">% DV</abbr>
              </th>
            </tr>
          </thead>
          <tbody>
            {facts.amounts.map((a) => (
              <tr key={a.name}>
                <th scope="row">{a.name}</th>
                <td className="facts__num">{a.amount}</td>
                <td className="facts__num">{a.dailyValue === "†" ? <Dagger /> : (a.dailyValue ?? "")}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {facts.strains.length > 0 && <Strains strains={facts.strains} />}
        {footnote && (
          <p className="facts__note">
            <Dagger /> Daily Value not established.
          </p>
        )}
        <p className="facts__line">
          <strong>Other ingredients:</strong> {facts.otherIngredients}
        </p>
        {facts.allergens && <p className="facts__line">{facts.allergens}</p>}
        {facts.notes && <p className="facts__line facts__line--muted">{facts.notes}</p>}
      </div>
    </section>
  );
}

function Strains({ strains }: { strains: Facts["strains"] }) {
  const table = (
    <table className="facts__table facts__table--strains">
      <caption className="sr-only">Probiotic strains per serving</caption>
      <thead>
        <tr>
          <th scope="col">Strain</th>
          <th scope="col" className="facts__num">
            Per serving
          </th>
        </tr>
      </thead>
      <tbody>
        {strains.map((s, i) => (
          <tr key={`${s.name}-${i}`}>
            <th scope="row">{s.name}</th>
            <td className="facts__num">{s.count ?? ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (strains.length <= LONG_LIST) return table;
  return (
    <details className="facts__more">
      <summary>The {strains.length} strains, with the count of each</summary>
      {table}
    </details>
  );
}

/**
 * The label's dagger. DM Sans has it only in its Latin Extended file, so drawing it in DM Sans made every product page
 * fetch a second font file for one glyph; the system face draws it instead.
 */
function Dagger() {
  return <span className="facts__dagger">†</span>;
}
