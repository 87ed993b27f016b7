import { Link } from "react-router";
import { consoleLoad } from "../../components/console/errors";
import { When } from "../../components/console/ui";
import type { Route } from "./+types/content";

/** The Content section: every CMS page of the shop, to open in the editor (docs/decisions/0041-console-content.md). */
export async function loader({ context }: Route.LoaderArgs) {
  return consoleLoad(async () => ({ pages: await context.console.service().content.pages() }));
}

export const meta: Route.MetaFunction = () => [{ title: "Content | Seed console" }];

export default function ConsoleContent({ loaderData }: Route.ComponentProps) {
  const { pages } = loaderData;
  return (
    <>
      <h1>Content</h1>
      <p>The shop's pages and their blocks. Open a page to change its words, preview them and publish; every version stays in its history.</p>
      <div className="c-table-wrap" tabIndex={0} role="region" aria-label="Pages">
        <table className="c-table">
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Address</th>
              <th scope="col" className="c-num">
                Version
              </th>
              <th scope="col">Last published</th>
            </tr>
          </thead>
          <tbody>
            {pages.map((p) => (
              <tr key={p.routeName}>
                <td>
                  <Link to={`/console/content/${p.routeName}`}>{p.title}</Link>
                </td>
                <td>{p.path}</td>
                <td className="c-num">{p.version}</td>
                <td>
                  <When iso={p.updatedAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
