import { useActionData } from "react-router";
import { experimentChangeFromForm, experimentFromForm } from "../../../domain/console-experiments";
import { consoleAct, consoleLoad, formFields } from "../../components/console/errors";
import { CreateExperimentForm } from "../../components/console/experiments/CreateExperimentForm";
import { ExperimentCard } from "../../components/console/experiments/ExperimentCard";
import { ActionMessage } from "../../components/console/ui";
import type { Route } from "./+types/experiments";

export async function loader({ context }: Route.LoaderArgs) {
  return consoleLoad(async () => {
    const service = context.console.service();
    const may = service.staff.permissions;
    return { experiments: await service.experiments(), ...service.experimentChoices(), mayEdit: may.includes("experiments.edit"), mayDraft: may.includes("experiments.draft") };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await formFields(request);
  return consoleAct(async () => {
    const service = context.console.service();
    if (fields.intent === "create") {
      const created = await service.createExperiment(experimentFromForm(fields));
      return `${created.name} is created and stopped: nobody sees it until an owner starts it.`;
    }
    if (fields.intent === "change") {
      await service.changeExperiment(fields.name ?? "", experimentChangeFromForm(fields));
      return `${fields.name} is changed. Members already in it keep their variant.`;
    }
    const state = fields.intent === "stop" ? "stopped" : "running";
    await service.setExperimentState(fields.name ?? "", state);
    return state === "stopped"
      ? `${fields.name} is stopped: everyone gets its control, and no new exposures are counted.`
      : `${fields.name} is running: members get their own variant again.`;
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Experiments | Seed console" }];

export default function ConsoleExperiments({ loaderData }: Route.ComponentProps) {
  const { experiments, mayEdit, mayDraft, audiences, goals } = loaderData;
  const result = useActionData<typeof action>();
  const failed = result !== undefined && "ok" in result && !result.ok;
  return (
    <>
      <h1>Experiments</h1>
      <p>
        Counted by the shop, not by browsers: an exposure is a signed-in member the shop first served a variant to
        (signed-out visitors always see the control); a conversion is a checkout order of theirs after it (renewals
        are not). Analytics events never change these numbers. Stopping an experiment gives everyone its control and
        counts no new exposures; every page picks the change up within 5 seconds. Starting it again gives members back
        the variant they had.
      </p>
      <ActionMessage result={result && "ok" in result ? result : undefined} />
      {/* Remounted after each success, so the form comes back closed and empty; after a refusal it stays open as typed. */}
      {mayDraft ? <CreateExperimentForm key={result && "ok" in result && result.ok ? result.message : "create"} audiences={audiences} goals={goals} open={failed} /> : null}
      {experiments.map((e) => (
        <ExperimentCard key={e.name} e={e} mayEdit={mayEdit} mayDraft={mayDraft} audiences={audiences} goals={goals} />
      ))}
    </>
  );
}
