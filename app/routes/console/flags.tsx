import { Form, useActionData } from "react-router";
import { experimentVariantsSetting, isFlagName, isMoneyFlag } from "../../../domain/flags";
import { consoleAct, consoleLoad, formFields } from "../../components/console/errors";
import { ActionMessage } from "../../components/console/ui";
import type { Route } from "./+types/flags";

export async function loader({ context }: Route.LoaderArgs) {
  return consoleLoad(async () => {
    const service = context.console.service();
    const [flags, foundUs] = await Promise.all([service.flags(), service.foundUsAnswers()]);
    return { flags, foundUs, mayEdit: service.staff.permissions.includes("flags.edit") };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await formFields(request);
  return consoleAct(async () => {
    const name = fields.name ?? "";
    if (!isFlagName(name)) throw Object.assign(new Error("flag"), { code: "VALIDATION_ERROR", status: 400, message: "There is no such flag." });
    await context.console.service().setFlag(name, fields.enabled === "true");
    return `${name} is now ${fields.enabled === "true" ? "on" : "off"} for every visitor.`;
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Flags | Seed console" }];

const onOff = (value: boolean | null) => (value === null ? "-" : value ? "on" : "off");

export default function ConsoleFlags({ loaderData }: Route.ComponentProps) {
  const { flags, foundUs, mayEdit } = loaderData;
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>Flags</h1>
      <p>
        What every visitor gets. The console's setting wins over the FEATURE_FLAGS setting of the server; a member in an
        experiment variant that sets a flag gets the variant's value; a visitor's preview cookie (seed_flags) wins over
        all of these for that visitor, except for the flags that move money, which only the shop sets. Pages pick a
        change up within 5 seconds. What each flag does: ADR 0062.
      </p>
      <ActionMessage result={result && "ok" in result ? result : undefined} />
      <div className="c-table-wrap" tabIndex={0} role="region" aria-label="Flags">
        <table className="c-table">
          <thead>
            <tr>
              <th scope="col">Flag</th>
              <th scope="col">Built in</th>
              <th scope="col">FEATURE_FLAGS</th>
              <th scope="col">Console</th>
              <th scope="col">Visitors get</th>
              <th scope="col">Experiments</th>
              <th scope="col">Preview cookie</th>
              {mayEdit ? <th scope="col">Change</th> : null}
            </tr>
          </thead>
          <tbody>
            {flags.map((f) => (
              <tr key={f.name}>
                <th scope="row">{f.name}</th>
                <td>{onOff(f.builtIn)}</td>
                <td>{onOff(f.env)}</td>
                <td>{onOff(f.console)}</td>
                <td>
                  <strong>{onOff(f.effective)}</strong>
                </td>
                <td>{experimentVariantsSetting(f.name).join(", ") || "-"}</td>
                <td>{isMoneyFlag(f.name) ? "never: moves money" : "may set"}</td>
                {mayEdit ? (
                  <td>
                    <Form method="post">
                      <input type="hidden" name="name" value={f.name} />
                      <input type="hidden" name="enabled" value={f.effective ? "false" : "true"} />
                      <button type="submit" className="c-link-button" aria-label={`Turn ${f.name} ${f.effective ? "off" : "on"}`}>
                        Turn {f.effective ? "off" : "on"}
                      </button>
                    </Form>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FoundUsAnswers answers={foundUs.answers} options={foundUs.options} />
    </>
  );
}

/** data-multiselect-experiment-checkout asks "How did you hear about Seed?" on the thank-you page: what it gathered. */
function FoundUsAnswers({ answers, options }: { answers: number; options: { label: string; orders: number }[] }) {
  return (
    <section aria-labelledby="found-us-answers">
      <h2 id="found-us-answers">How did you hear about Seed?</h2>
      <p>
        Asked after paying while data-multiselect-experiment-checkout is on; a shopper may choose several. {answers}{" "}
        {answers === 1 ? "order has" : "orders have"} answered.
      </p>
      <div className="c-table-wrap" tabIndex={0} role="region" aria-label="How did you hear about Seed? answers">
        <table className="c-table">
          <thead>
            <tr>
              <th scope="col">Answer</th>
              <th scope="col">Orders</th>
            </tr>
          </thead>
          <tbody>
            {options.map((o) => (
              <tr key={o.label}>
                <th scope="row">{o.label}</th>
                <td>{o.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
