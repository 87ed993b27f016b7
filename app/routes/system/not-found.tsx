import { data, Link } from "react-router";
import { ROUTES } from "../../../domain/routes";
import { WaysOn } from "../../components/layout/WaysOn";

/** Unknown paths: a real 404 inside the site shell. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: "Page not found | Seed" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return (
    <main id="main" className="page">
      <h1 className="page-title">Page not found</h1>
      <p className="page-intro">The page you are looking for has moved or never existed. One of these is likely what you were after.</p>
      <WaysOn />
      <p>
        <Link className="button" to={ROUTES.home}>
          Go to the home page
        </Link>
      </p>
    </main>
  );
}
