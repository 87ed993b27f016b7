import { Form, Link } from "react-router";
import { SubmitButton, When } from "../ui";

export interface HistoryRow {
  version: number;
  title: string;
  staffEmail: string | null;
  restoredFrom: number | null;
  createdAt: string;
}

/** Who published each version and when; any earlier version can be previewed and restored (as a new version). */
export function PageHistory({ history, current, baseVersion, mayPublish }: { history: HistoryRow[]; current: number; baseVersion: number; mayPublish: boolean }) {
  if (history.length === 0) return <p>This page is as the content file wrote it (version {current}); nobody has published it from the console yet.</p>;
  return (
    <div className="c-table-wrap" tabIndex={0} role="region" aria-label="Versions">
      <table className="c-table">
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Published</th>
            <th scope="col">By</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {history.map((v) => (
            <tr key={v.version}>
              <td>
                {v.version}
                {v.version === current ? " (live)" : ""}
                {v.restoredFrom ? `, restored from ${v.restoredFrom}` : ""}
              </td>
              <td>
                <When iso={v.createdAt} />
              </td>
              <td>{v.staffEmail ?? "The content file"}</td>
              <td>
                {v.version === current ? null : (
                  <div className="c-form-row">
                    <Link to={`?version=${v.version}`} aria-label={`Preview version ${v.version}`}>
                      Preview
                    </Link>
                    {mayPublish ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="restore" />
                        <input type="hidden" name="version" value={v.version} />
                        <input type="hidden" name="baseVersion" value={baseVersion} />
                        <SubmitButton quiet>Restore version {v.version}</SubmitButton>
                      </Form>
                    ) : null}
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
