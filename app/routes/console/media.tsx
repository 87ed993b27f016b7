import { useActionData } from "react-router";
import { consoleAct, consoleLoad, formFields } from "../../components/console/errors";
import { MediaGrid } from "../../components/console/media/MediaGrid";
import { UploadForm, type UploadAnswer } from "../../components/console/media/UploadForm";
import { ActionMessage, Pager } from "../../components/console/ui";
import "../../components/console/media/media.css";
import type { Route } from "./+types/media";

/** The media library (docs/decisions/0067-media-library.md): upload images with alt text, see and describe them. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const before = new URL(request.url).searchParams.get("before") ?? undefined;
  return consoleLoad(async () => {
    const service = context.console.service();
    const library = await service.media.library({ before });
    return {
      library,
      before: before ?? null,
      mayUpload: service.staff.permissions.includes("media.upload"),
      mayEdit: service.staff.permissions.includes("media.edit"),
    };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    let files: UploadAnswer | undefined;
    const refused = await consoleAct(async () => {
      const outcomes = await context.console.uploadImages(request);
      files = {
        kind: "upload",
        files: outcomes.map((o) =>
          o.ok ? { filename: o.filename, ok: true, duplicate: o.duplicate } : { filename: o.filename, ok: false, message: o.message },
        ),
      };
      return "stored";
    });
    return files ?? refused;
  }
  const fields = await formFields(request);
  return consoleAct(async () => {
    if (fields.intent !== "alt")
      throw Object.assign(new Error("intent"), {
        code: "VALIDATION_ERROR",
        status: 400,
        message: "This form does nothing here.",
      });
    await context.console.service().media.setAlt(fields.hash ?? "", fields.alt ?? "");
    return "The alt text is saved.";
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Media | Seed console" }];

export default function ConsoleMedia({ loaderData }: Route.ComponentProps) {
  const { library, before, mayUpload, mayEdit } = loaderData;
  const result = useActionData<typeof action>() as UploadAnswer | undefined;
  return (
    <>
      <h1>Media library</h1>
      <p>
        Every picture the shop shows comes from here. Each image is served in a few widths as AVIF and WebP, at an address that never changes, so browsers keep
        it for a year. A page's image fields pick from this library.
      </p>
      {mayUpload ? <UploadForm answer={result} /> : null}
      <ActionMessage result={result && !("kind" in result) ? result : undefined} />
      <h2>{before ? "Older images" : "Newest first"}</h2>
      <MediaGrid items={library.rows} mayEdit={mayEdit} />
      <Pager next={library.next} />
    </>
  );
}
