import { data } from "react-router";
import { ReferPanel } from "../../components/referrals/ReferPanel";
import { ReferNameChoice } from "../../components/referrals/ReferNameChoice";
import { redeemAction, referLoaderData, showNameAction } from "../../components/referrals/refer-loader.server";
import { trafficSourceOf } from "../../../domain/referral-page";
import type { Route } from "./+types/refer";
import "../../components/account/account.css";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { view, headers } = await referLoaderData(context, request);
  return data({ view, trafficSource: trafficSourceOf(new URL(request.url).searchParams.get("traffic_source")) }, { headers });
}

export async function action({ context, request }: Route.ActionArgs) {
  // The name choice (ADR 0063) reads its own form; every other post is the points form.
  if ((await request.clone().formData()).get("intent") === "show-name") return showNameAction(context, request);
  return redeemAction(context, request);
}

export const meta: Route.MetaFunction = () => [{ title: "Refer a Friend | Your Account | Seed" }, { name: "robots", content: "noindex" }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

/** /account/refer (SPEC.md section 2; accepts traffic_source): the member's link, what each side gets, and the counts. */
export default function Refer({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="account-page">
      <header className="account-header">
        <p className="auth-eyebrow">Refer a Friend</p>
        <h1 className="page-title">Share Seed, earn credit</h1>
      </header>
      <section className="refer-section" aria-label="Your referrals">
        <ReferPanel view={loaderData.view} trafficSource={loaderData.trafficSource} result={actionData && "ok" in actionData ? actionData : null} />
        {loaderData.view.link && <ReferNameChoice showsName={loaderData.view.showsName} saved={actionData && "saved" in actionData ? actionData.saved : null} />}
      </section>
    </main>
  );
}
