import { Form, Link, NavLink, Outlet } from "react-router";
import { CONSOLE_SECTIONS, ROLE_LABELS } from "../../components/console/sections";
import { consoleLoad } from "../../components/console/errors";
import "../../components/console/console.css";
import type { Route } from "./+types/layout";

/** The console's frame: who is signed in, the sections their role opens, and the page. The page gate ran first. */
export async function loader({ context }: Route.LoaderArgs) {
  return consoleLoad(async () => ({ staff: context.console.service().staff }));
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = () => [{ title: "Seed console" }, { name: "robots", content: "noindex, nofollow" }];

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  const { staff } = loaderData;
  const sections = CONSOLE_SECTIONS.filter((s) => (staff.permissions as string[]).includes(s.permission));
  return (
    <div className="c-app">
      <a className="c-skip" href="#console-main">
        Skip to the page
      </a>
      <header className="c-top">
        <Link to="/console" className="c-brand">
          Seed console
        </Link>
        <span className="c-who">
          {staff.email} ({ROLE_LABELS[staff.role] ?? staff.role})
        </span>
        <Form method="post" action="/console?index">
          <button type="submit" name="intent" value="sign-out" className="c-link-button">
            Sign out
          </button>
        </Form>
      </header>
      <nav className="c-nav" aria-label="Console sections">
        {sections.map((s) => (
          <NavLink key={s.href} to={s.href}>
            {s.label}
          </NavLink>
        ))}
      </nav>
      <main id="console-main" className="c-main">
        <Outlet />
      </main>
    </div>
  );
}
