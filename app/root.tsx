import type { ReactNode } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { UserStateSync } from "./components/account/UserStateSync";
import { AnalyticsRoot } from "./components/analytics/AnalyticsRoot";
import { FailurePage } from "./components/layout/FailurePage";
import { SiteShell } from "./components/layout/SiteShell";
import type { ShellData } from "./components/layout/shell-data";
import { LocaleFromLocation } from "./components/promo/LocaleFromLocation";
import { PromoCodeFromUrl } from "./components/promo/PromoCodeFromUrl";
import { CONSENT_FIRST_PAINT_SCRIPT } from "./components/consent/consent-first-paint";
import { FONT_PRELOAD_URL } from "./fonts/dm-sans";

export function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const shell: ShellData = {
    flags: context.flags,
    pricing: context.pricing,
    quizAudience: context.quizAudience,
    viewer: context.viewer,
    promoCodeInUrl: url.searchParams.get("promo_code"),
  };
  // gpc: the consent banner says the signal is honoured in the first HTML (the page cache keys on it).
  return data({ nonce: context.nonce, shell, gpc: context.gpc });
}

export const links: Route.LinksFunction = () => [
  // Every page draws its text in DM Sans: fetched with the HTML, not once the inlined CSS has been read (ADR 0071).
  { rel: "preload", href: FONT_PRELOAD_URL, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = root?.nonce || undefined;
  return (
    // suppressHydrationWarning: the consent script below marks <html> before React runs (ADR 0061).
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f3b2d" />
        <Meta />
        <Links />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: CONSENT_FIRST_PAINT_SCRIPT }} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  // The operator console draws its own frame (app/routes/console/layout.tsx), not the shop's.
  if (pathname === "/console" || pathname.startsWith("/console/")) return <Outlet />;
  return (
    <SiteShell data={loaderData.shell} pathname={pathname}>
      <PromoCodeFromUrl />
      <LocaleFromLocation />
      <AnalyticsRoot viewer={loaderData.shell.viewer} />
      <UserStateSync viewer={loaderData.shell.viewer} />
      <Outlet />
    </SiteShell>
  );
}

/** A render failure anywhere shows the failure page of SPEC.md section 2 (unknown paths have their own 404 route). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <FailurePage title="Page not found" notFound />;
  }
  return <FailurePage />;
}
