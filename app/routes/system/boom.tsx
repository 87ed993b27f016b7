import { data } from "react-router";
import type { Route } from "./+types/boom";

/** A page that fails while rendering, so tests can see the failure page. A 404 unless test hooks are on. */
export function loader({ context }: Route.LoaderArgs) {
  if (!context.testHooks) throw data(null, { status: 404 });
  return { boom: true };
}

export default function Boom({ loaderData }: Route.ComponentProps) {
  if (loaderData.boom) throw new Error("Intentional render failure (test hook)");
  return null;
}
