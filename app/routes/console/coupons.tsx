import { Form, Link, useActionData } from "react-router";
import { CouponFields } from "../../components/console/CouponFields";
import { consoleAct, consoleLoad, formFields } from "../../components/console/errors";
import { ActionMessage, Badge, Pager, SubmitButton, CsvLink } from "../../components/console/ui";
import type { Route } from "./+types/coupons";

export async function loader({ context, request }: Route.LoaderArgs) {
  const after = new URL(request.url).searchParams.get("after") ?? undefined;
  return consoleLoad(async () => {
    const service = context.console.service();
    return { page: await service.coupons({ after }), mayEdit: service.staff.permissions.includes("coupons.edit"), mayExport: service.staff.permissions.includes("coupons.export") };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await formFields(request);
  return consoleAct(async () => {
    const { code, input } = context.console.readCouponForm(fields);
    const coupon = await context.console.service().createCoupon(code, input);
    return `Coupon ${coupon.code} created.`;
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Coupons | Seed console" }];

const describe = (c: { type: string; value: number; currency: string | null }) =>
  c.type === "percent" ? `${c.value}% off` : `${(c.value / 100).toFixed(2)} ${c.currency ?? ""} off`;

export default function ConsoleCoupons({ loaderData }: Route.ComponentProps) {
  const { page, mayEdit } = loaderData;
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>Coupons</h1>
      <CsvLink list="coupons" may={loaderData.mayExport} />
      {mayEdit ? (
        <details className="c-card" open={result !== undefined && "ok" in result && !result.ok}>
          <summary>
            <strong>Create a coupon</strong>
          </summary>
          <Form method="post" className="c-form" style={{ marginTop: "1rem" }}>
            <CouponFields withCode />
            <div>
              <SubmitButton>Create coupon</SubmitButton>
            </div>
          </Form>
        </details>
      ) : null}
      <ActionMessage result={result && "ok" in result ? result : undefined} />
      <div className="c-table-wrap" tabIndex={0} role="region" aria-label="Coupons">
        <table className="c-table">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Discount</th>
              <th scope="col">Plans</th>
              <th scope="col" className="c-num">
                Used
              </th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((c) => (
              <tr key={c.code}>
                <td>
                  <Link to={`/console/coupons/${encodeURIComponent(c.code)}`}>{c.code}</Link>
                </td>
                <td>
                  {describe(c)}
                  {c.firstOrderOnly ? ", first order only" : ""}
                  {c.duration === "forever" ? ", renewals too" : ""}
                </td>
                <td>{c.plans === "all" ? "All plans" : c.plans.join(", ")}</td>
                <td className="c-num">
                  {c.timesRedeemed}
                  {c.maxRedemptions ? ` of ${c.maxRedemptions}` : ""}
                </td>
                <td>{c.active ? <Badge tone="live">active</Badge> : <Badge>off</Badge>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager next={page.next} param="after" />
    </>
  );
}
