import { data } from "react-router";
import type { MailFormKind } from "../../../domain/mail-forms";
import { routeNameForPath, type RouteName } from "../../../domain/routes";
import { MailForm, type MailFormResult } from "../../components/content/MailForm";
import { ArticleList } from "../../components/content/ArticleList";
import { ContentBody } from "../../components/content/ContentBody";
import { faqJsonLd } from "../../components/content/content-json-ld";
import { formAnswer, formAnswerHeaders } from "../../lib/form-answer";
import { canonicalUrl, pageMeta } from "../../lib/page-meta";
import { PrivacyRights } from "../../components/account/PrivacyRights";
import { PARTNER_OFFERS } from "../../../domain/product-pages";
import { PlanGroupOffers, type PlanGroupData } from "../../components/product/PlanGroupOffers";
import { SectionExtrasContext } from "../../blocks/Blocks";
import { GpcNotice } from "../../components/consent/GpcNotice";
import type { Route } from "./+types/content-page";

/** Any CMS page. The path names the route, the route names its content; the Cultured index adds its articles. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const name = routeNameForPath(new URL(request.url).pathname);
  const page = name ? await context.pages.find(name) : null;
  if (!page) throw data(null, { status: 404 });
  const articles = name === "cultured" ? await context.articles.list() : [];
  // The partner page sells the partner plan group of SPEC.md section 9.
  const planGroup: PlanGroupData | null =
    name === "partners"
      ? { codes: PARTNER_OFFERS, catalog: await context.catalog.forPage(PARTNER_OFFERS, context.country), cartRules: await context.catalog.cartRules(), country: context.country }
      : null;
  // The privacy policy's #do-not-sell says whether the browser's Global Privacy Control signal was honoured.
  const gpc = name === "privacy" ? context.gpc : false;
  return { page, articles, url: canonicalUrl(request), form: name ? (FORM_OF_PAGE[name] ?? null) : null, name, planGroup, gpc };
}

/** Pages that carry one of the mail forms (SPEC.md: practitioners and seeduniversity; contact reaches care). */
const FORM_OF_PAGE: Partial<Record<RouteName, MailFormKind>> = { practitioners: "hcp", partners: "university", contact: "contact" };

export const headers: Route.HeadersFunction = formAnswerHeaders;

/** The page's form, posted form-encoded (before JavaScript) or by React Router (after): one service either way. */
export async function action({ context, request }: Route.ActionArgs) {
  const name = routeNameForPath(new URL(request.url).pathname);
  const kind = name ? FORM_OF_PAGE[name] : undefined;
  if (!kind) throw data(null, { status: 405 });
  const values = Object.fromEntries([...(await request.formData()).entries()].filter((e): e is [string, string] => typeof e[1] === "string"));
  delete values.form;
  const outcome = await context.forms.submit(kind, values);
  const result: MailFormResult = outcome.ok ? { ok: true } : { ok: false, errors: outcome.errors, message: outcome.message, values };
  return data({ result }, formAnswer(outcome));
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return pageMeta(null);
  const faq = faqJsonLd(d.page.blocks);
  return [...pageMeta(d.page, d.url), ...(faq ? [{ "script:ld+json": faq }] : [])];
};

export default function ContentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, articles, form } = loaderData;
  const body = (
    <ContentBody page={page}>
      {articles.length > 0 ? <ArticleList articles={articles} /> : null}
      {loaderData.planGroup && (
        <PlanGroupOffers
          data={loaderData.planGroup}
          title="Partner plans"
          intro="The plans our university and community partners offer their members: DS-01® and its refill, VS-01™, and PDS-08® with its refill. Choose one to start a subscription; a promo code from your partner goes in the promo code field of the cart."
        />
      )}
      {form ? <MailForm kind={form} result={actionData?.result} /> : null}
      {loaderData.name === "consumer_health_data" && <PrivacyRights />}
    </ContentBody>
  );
  if (loaderData.name !== "privacy") return body;
  return <SectionExtrasContext.Provider value={{ "do-not-sell": <GpcNotice serverGpc={loaderData.gpc} /> }}>{body}</SectionExtrasContext.Provider>;
}
