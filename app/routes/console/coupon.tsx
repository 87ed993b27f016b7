import { Form, Link, useActionData } from "react-router";
import { CouponFields } from "../../components/console/CouponFields";
import { consoleAct, consoleLoad, formFields } from "../../components/console/errors";
import { ActionMessage, Pager, SubmitButton, When } from "../../components/console/ui";
import type { Route } from "./+types/coupon";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const before = new URL(request.url).searchParams.get("before") ?? undefined;
  return consoleLoad(async () => {
    const service = context.console.service();
    const found = await service.coupon(params.code.toUpperCase(), { before });
    return { ...found, mayEdit: service.staff.permissions.includes("coupons.edit") };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const fields = await formFields(request);
  return consoleAct(async () => {
    const { code, input } = context.console.readCouponForm(fields, params.code);
    await context.console.service().updateCoupon(code, input);
    return `Coupon ${code} saved.`;
  });
}

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Coupon ${params.code} | Seed console` }];

export default function ConsoleCoupon({ loaderData }: Route.ComponentProps) {
  const { coupon, timesRedeemed, redemptions, mayEdit } = loaderData;
  const result = useActionData<typeof action>();
  return (
    <>
      <p>
        <Link to="/console/coupons">All coupons</Link>
      </p>
      <h1>Coupon {coupon.code}</h1>
      <p>Redeemed {timesRedeemed} times.</p>
      <ActionMessage result={result && "ok" in result ? result : undefined} />
      {mayEdit ? (
        <Form method="post" className="c-card c-form" aria-label="Edit coupon">
          <CouponFields values={coupon} />
          <div>
            <SubmitButton>Save coupon</SubmitButton>
          </div>
        </Form>
      ) : null}
      <h2>Redemptions</h2>
      {redemptions.rows.length === 0 ? <p>Nobody has used this coupon yet.</p> : null}
      {redemptions.rows.length > 0 ? (
        <div className="c-table-wrap" tabIndex={0} role="region" aria-label="Redemptions">
          <table className="c-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Customer</th>
                <th scope="col">Order</th>
              </tr>
            </thead>
            <tbody>
              {redemptions.rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <When iso={r.createdAt} />
                  </td>
                  <td>
                    <Link to={`/console/customers/${r.customerId}`}>Customer</Link>
                  </td>
                  <td>{r.orderId}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager next={redemptions.next} />
    </>
  );
}
