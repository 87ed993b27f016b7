import { Form, useActionData } from "react-router";
import { consoleAct, consoleLoad, formFields } from "../../components/console/errors";
import { ActionMessage, Badge, SubmitButton, When } from "../../components/console/ui";
import type { Route } from "./+types/experiments";

export async function loader({ context }: Route.LoaderArgs) {
  return consoleLoad(async () => {
    const service = context.console.service();
    return { experiments: await service.experiments(), mayEdit: service.staff.permissions.includes("experiments.edit") };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await formFields(request);
  return consoleAct(async () => {
    const state = fields.intent === "stop" ? "stopped" : "running";
    await context.console.service().setExperimentState(fields.name ?? "", state);
    return state === "stopped"
      ? `${fields.name} is stopped: everyone gets its control, and no new exposures are counted.`
      : `${fields.name} is running: members get their own variant again.`;
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Experiments | Seed console" }];

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const points = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)}`;

/** The report's call on a variant: better or worse only when the 95% interval of the difference excludes 0. */
function verdict(lift: { interval: { low: number; high: number } } | null) {
  if (!lift) return "-";
  if (lift.interval.low > 0) return "better than control";
  if (lift.interval.high < 0) return "worse than control";
  return "no clear difference yet";
}

export default function ConsoleExperiments({ loaderData }: Route.ComponentProps) {
  const { experiments, mayEdit } = loaderData;
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>Experiments</h1>
      <p>
        Counted by the shop, not by browsers: an exposure is a signed-in member the shop first served a variant to
        (signed-out visitors always see the control); a conversion is a checkout order of theirs after it (renewals
        are not). Analytics events never change these numbers. Stopping an experiment gives everyone its control and counts no new exposures; every page picks the change
        up within 5 seconds. Starting it again gives members back the variant they had.
      </p>
      <ActionMessage result={result && "ok" in result ? result : undefined} />
      {experiments.map((e) => (
        <section key={e.name} className="c-card" aria-labelledby={`exp-${e.name}`}>
          <h2 id={`exp-${e.name}`} style={{ marginTop: 0 }}>
            {e.name} {e.state === "running" ? <Badge tone="sent">running</Badge> : <Badge tone="failed">stopped</Badge>}
          </h2>
          <p className="c-hint">
            Control: {e.control}. Traffic in the experiment: {pct(e.traffic)}.{" "}
            {e.changedAt ? (
              <>
                {e.state === "running" ? "Started" : "Stopped"} <When iso={e.changedAt} />.
              </>
            ) : (
              "Running since launch."
            )}
          </p>
          <div className="c-table-wrap" tabIndex={0} role="region" aria-label={`${e.name} by variant`}>
            <table className="c-table">
              <thead>
                <tr>
                  <th scope="col">Variant</th>
                  <th scope="col">Weight</th>
                  <th scope="col" className="c-num">Exposures</th>
                  <th scope="col" className="c-num">Conversions</th>
                  <th scope="col" className="c-num">Conversion rate</th>
                  <th scope="col">95% interval</th>
                  <th scope="col">Lift vs control (points)</th>
                  <th scope="col">Reading</th>
                </tr>
              </thead>
              <tbody>
                {e.variants.map((v) => (
                  <tr key={v.variant}>
                    <th scope="row">
                      {v.variant}
                      {v.variant === e.control ? " (control)" : ""}
                    </th>
                    <td>{e.weights[v.variant] ?? "-"}</td>
                    <td className="c-num">{v.exposures}</td>
                    <td className="c-num">{v.conversions}</td>
                    <td className="c-num">{pct(v.rate)}</td>
                    <td>
                      {pct(v.rateInterval.low)} to {pct(v.rateInterval.high)}
                    </td>
                    <td>{v.lift ? `${points(v.lift.difference)} (${points(v.lift.interval.low)} to ${points(v.lift.interval.high)})` : "-"}</td>
                    <td>{verdict(v.lift)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {mayEdit ? (
            <Form method="post" style={{ marginTop: "1rem" }}>
              <input type="hidden" name="name" value={e.name} />
              {e.state === "running" ? (
                <SubmitButton name="intent" value="stop">
                  Stop {e.name}
                </SubmitButton>
              ) : (
                <SubmitButton name="intent" value="start">
                  Start {e.name}
                </SubmitButton>
              )}
            </Form>
          ) : null}
        </section>
      ))}
    </>
  );
}
