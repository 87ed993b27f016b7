import { Link } from "react-router";
import { ROUTES } from "../../../domain/routes";
import { SeedlingIcon } from "../ui/icons";

/** The wordmark, in the shop's typeface (DM Sans, ADR 0071), in a box that does not change width when it arrives. */
export function Logo() {
  return (
    <Link to={ROUTES.home} className="logo">
      <SeedlingIcon />
      <span>Seed</span>
    </Link>
  );
}
