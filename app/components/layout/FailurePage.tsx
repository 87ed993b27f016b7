import { useEffect } from "react";
import { EVENTS } from "../../../domain/event-names";
import { track } from "../../lib/analytics";

interface FailurePageProps {
  title?: string;
  notFound?: boolean;
}

/** The full-page failure screen of SPEC.md section 2. Reports 'Site Down' once shown. */
export function FailurePage({ title = "Sorry, Something Went Wrong", notFound = false }: FailurePageProps) {
  useEffect(() => {
    if (!notFound) track(EVENTS.siteDown, { path: location.pathname });
  }, [notFound]);
  return (
    <main className="failure-page" id="main">
      <title>{`${title} | Seed`}</title>
      <h1>{title}</h1>
      {notFound ? (
        <p>We could not find that page.</p>
      ) : (
        <>
          <p>Something unexpected happened, and our team has been notified of this error.</p>
          <p>Kindly refresh the page to continue.</p>
        </>
      )}
      {notFound ? (
        <a className="button" href="/">
          Go to the home page
        </a>
      ) : (
        // A plain form reloads the page before the code has loaded (a GET form asks for this address again); once it has,
        // a true reload keeps the query string too.
        <form method="get">
          <button
            type="submit"
            className="button"
            onClick={(event) => {
              event.preventDefault();
              window.location.reload();
            }}
          >
            Refresh the Page
          </button>
        </form>
      )}
    </main>
  );
}
