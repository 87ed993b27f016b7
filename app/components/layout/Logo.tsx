import { Link } from "react-router";
import { ROUTES } from "../../../domain/routes";
import { SeedlingIcon } from "../ui/icons";

/** The wordmark, set in the system font so no web font is fetched. */
export function Logo() {
  return (
    <Link to={ROUTES.home} className="logo">
      <SeedlingIcon />
      <span>Seed</span>
    </Link>
  );
}
