import { consoleLoad } from "../../components/console/errors";
import { Pager, When, CsvLink } from "../../components/console/ui";
import { AuditDiff } from "../../components/console/second-look/AuditDiff";
import "../../components/console/second-look/second-look.css";
import type { Route } from "./+types/audit";

export async function loader({ context, request }: Route.LoaderArgs) {
  const before = new URL(request.url).searchParams.get("before") ?? undefined;
  return consoleLoad(async () => {
    const service = context.console.service();
    return { page: await service.audit({ before }), mayExport: service.staff.permissions.includes("audit.export") };
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Audit log | Seed console" }];

export default function ConsoleAudit({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <h1>Audit log</h1>
      <CsvLink list="audit" may={loaderData.mayExport} />
      <p>Every console action, newest first. Entries cannot be changed or removed, by anyone.</p>
      <div className="c-table-wrap" tabIndex={0} role="region" aria-label="Audit entries">
        <table className="c-table c-audit-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">On</th>
              <th scope="col">Change (before → after)</th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((e) => (
              <tr key={e.id}>
                <td>
                  <When iso={e.createdAt} />
                </td>
                <td>{e.staffEmail}</td>
                <td>{e.action}</td>
                <td>
                  {e.targetType} {e.targetId}
                </td>
                <td className="c-diff-cell">
                  <AuditDiff before={e.before} after={e.after} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager next={page.next} />
    </>
  );
}
