import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useActionData, useFetcher } from "react-router";
import type { Block } from "../../../domain/blocks";
import type { FieldErrors } from "../../../domain/content-editing";
import { isErrorCode } from "../../../domain/errors";
import { PageEditorFields } from "../../components/console/content/PageEditorFields";
import { PageHistory } from "../../components/console/content/PageHistory";
import { PagePreview } from "../../components/console/content/PagePreview";
import "../../components/console/content/content-editor.css";
import { consoleLoad, formFields } from "../../components/console/errors";
import { ActionMessage, SubmitButton, When } from "../../components/console/ui";
import type { Route } from "./+types/content-page";

/**
 * A page's editor (docs/decisions/0041-console-content.md): its words and block fields, a preview drawn by the shop's
 * block components (live as you type with JavaScript; the Preview button without), Publish, and the history with
 * restore. `?version=N` previews an earlier version.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const asked = Number(new URL(request.url).searchParams.get("version") ?? "");
  return consoleLoad(async () => {
    const service = context.console.service();
    const found = await service.content.page(params.page, { version: Number.isInteger(asked) && asked > 0 ? asked : undefined });
    // The image fields pick from the media library's newest images (ADR 0067).
    const library = service.staff.permissions.includes("media.read") ? (await service.media.library({ limit: 100 })).rows : [];
    return { ...found, library, mayPublish: service.staff.permissions.includes("content.publish") };
  });
}

interface PreviewPage {
  title: string;
  intro: string;
  blocks: Block[];
}

interface ContentActionResult {
  intent: "preview" | "publish" | "restore";
  ok: boolean;
  message?: string;
  error?: string;
  /** The submitted fields, so a refused form comes back as typed (without JavaScript the page is drawn anew). */
  values?: Record<string, string>;
  errors?: FieldErrors;
  preview?: PreviewPage;
}

const FIX_FIELDS = "Some fields need attention: the words beside them say what to change.";

export async function action({ request, context, params }: Route.ActionArgs) {
  const fields = await formFields(request);
  const intent = fields.intent === "preview" || fields.intent === "restore" ? fields.intent : "publish";
  try {
    const content = context.console.service().content;
    if (intent === "preview") {
      const preview = await content.preview(params.page, fields);
      const result: ContentActionResult = preview.ok ? { intent, ok: true, values: fields, preview } : { intent, ok: false, error: FIX_FIELDS, values: fields, errors: preview.errors };
      return data(result, { status: preview.ok ? 200 : 400 });
    }
    if (intent === "restore") {
      const done = await content.restore(params.page, Number(fields.version), Number(fields.baseVersion));
      return { intent, ok: true, message: `Restored version ${fields.version} as version ${done.version}; the shop shows it now at ${done.path}.` } satisfies ContentActionResult;
    }
    const outcome = await content.publishForm(params.page, fields);
    if (!outcome.ok) return data({ intent, ok: false, error: FIX_FIELDS, values: fields, errors: outcome.errors } satisfies ContentActionResult, { status: 400 });
    return { intent, ok: true, message: `Published version ${outcome.published.version}; the shop shows it now at ${outcome.published.path}.` } satisfies ContentActionResult;
  } catch (error) {
    // A ShopError seen from a route module (the server bundle has its own copy of the class, so no instanceof).
    const e = error as { code?: unknown; status?: number; message?: string } | null;
    if (!e || !isErrorCode(e.code)) throw error;
    if (e.code === "UNAUTHENTICATED") throw redirect("/console/sign-in");
    return data({ intent, ok: false, error: e.message, values: intent === "restore" ? undefined : fields } satisfies ContentActionResult, { status: e.status ?? 400 });
  }
}

/** A preview writes nothing: the page's data need not be read again after it. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: { formData?: FormData; defaultShouldRevalidate: boolean }) {
  return formData?.get("intent") === "preview" ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.page.title ?? "Page"} | Content | Seed console` }];

export default function ConsoleContentPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ContentActionResult | undefined;
  const { page, history, mayPublish } = loaderData;
  return (
    <>
      <p>
        <Link to="/console/content">All pages</Link>
      </p>
      <h1>Edit page: {page.title}</h1>
      <p>
        Live at <a href={page.path}>{page.path}</a>: version {page.version}, published <When iso={page.updatedAt} />.
      </p>
      <ActionMessage result={result ? (result.ok ? (result.message ? { ok: true, message: result.message } : undefined) : { ok: false, error: result.error ?? "" }) : undefined} />
      {/* A new version (published or restored) starts the editor afresh: its fields, live preview and errors. */}
      <Editor key={page.version} loaderData={loaderData} result={result} />
      <h2>History</h2>
      <PageHistory history={history} current={page.version} baseVersion={page.version} mayPublish={mayPublish} />
    </>
  );
}

function Editor({ loaderData, result }: { loaderData: Route.ComponentProps["loaderData"]; result: ContentActionResult | undefined }) {
  const { page, editor, shown, mayPublish, library } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const live = fetcher.data as ContentActionResult | undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastGood = useRef<PreviewPage | null>(null);
  const latest = live ?? (result?.intent === "preview" || result?.ok === false ? result : undefined);
  if (latest?.preview) lastGood.current = latest.preview;

  // Marks the form as live once hydrated (the e2e test waits for it before typing).
  useEffect(() => formRef.current?.setAttribute("data-live-preview", ""), []);

  const schedulePreview = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!formRef.current) return;
      const form = new FormData(formRef.current);
      form.set("intent", "preview");
      void fetcher.submit(form, { method: "post" });
    }, 400);
  };

  const edited = lastGood.current;
  const preview = edited ?? shown ?? page;
  const caption = edited
    ? "Your changes, not published yet. It follows your typing."
    : shown
      ? `Version ${shown.version}, an earlier version. Restore it from the history below to publish it again.`
      : `The page as published (version ${page.version}). Change a field to see your edit here.`;

  return (
    <div className="cc-layout">
      <Form method="post" ref={formRef} onInput={schedulePreview} className="c-form cc-editor" aria-label="Edit page">
        <input type="hidden" name="baseVersion" value={page.version} />
        <PageEditorFields page={page} blocks={editor} values={result?.ok === false || result?.intent === "preview" ? result.values : undefined} errors={latest?.errors ?? {}} library={library} />
        <div className="c-form-row cc-actions">
          <SubmitButton quiet name="intent" value="preview">
            Preview
          </SubmitButton>
          {mayPublish ? (
            <SubmitButton name="intent" value="publish">
              Publish
            </SubmitButton>
          ) : (
            <span className="c-hint">Your role may preview but not publish.</span>
          )}
        </div>
      </Form>
      <PagePreview title={preview.title} intro={preview.intro} blocks={preview.blocks} caption={caption} busy={fetcher.state !== "idle"} />
    </div>
  );
}
