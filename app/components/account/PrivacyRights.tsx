import { Link } from "react-router";
import { ROUTES } from "../../../domain/routes";

/** On the consumer health data page: how a member downloads their data or deletes their account. */
export function PrivacyRights() {
  return (
    <section className="mt-12 max-w-2xl" aria-labelledby="privacy-rights-title">
      <h2 id="privacy-rights-title" className="text-2xl font-semibold text-forest">
        Your rights over your data
      </h2>
      <p className="mt-3 text-lg leading-relaxed text-muted">
        You can download everything we hold about you as a file, or delete your account. We keep your orders, as tax law requires, with
        your name and contact details removed; everything else is erased and every device is signed out.
      </p>
      <ul className="mt-4 flex flex-col gap-2 text-lg">
        <li>
          <Link className="underline underline-offset-4 text-forest" to={`${ROUTES.settings}#data`}>
            Download your data
          </Link>
        </li>
        <li>
          <Link className="underline underline-offset-4 text-forest" to={`${ROUTES.settings}#data`}>
            Delete your account
          </Link>
        </li>
      </ul>
    </section>
  );
}
