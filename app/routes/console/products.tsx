import { Link } from "react-router";
import { consoleLoad } from "../../components/console/errors";
import { When } from "../../components/console/ui";
import type { Route } from "./+types/products";

/** Every product, to open its profile: gallery, supplement facts and reassurance row (ADR 0069). */
export async function loader({ context }: Route.LoaderArgs) {
  return consoleLoad(async () => ({ products: await context.console.service().productProfiles.products() }));
}

export const meta: Route.MetaFunction = () => [{ title: "Products | Seed console" }];

export default function ConsoleProducts({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Products</h1>
      <p>What each product page shows beside its plans: the photos, the supplement facts and the reassurance under Add to cart.</p>
      <div className="c-table-wrap" tabIndex={0} role="region" aria-label="Products">
        <table className="c-table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Code</th>
              <th scope="col" className="c-num">
                Photos
              </th>
              <th scope="col">Last saved</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.products.map((p) => (
              <tr key={p.code}>
                <td>
                  <Link to={`/console/products/${p.code}`}>{p.name}</Link>
                </td>
                <td>{p.code}</td>
                <td className="c-num">{p.photos}</td>
                <td>{p.editedByStaff ? <When iso={p.updatedAt} /> : "From the seed file"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
