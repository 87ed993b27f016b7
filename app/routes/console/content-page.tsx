import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useActionData, useFetcher } from "react-router";
import type { Block } from "../../../domain/blocks";
import type { FieldErrors } from "../../../domain/content-editing";
import { isErrorCode } from "../../../domain/errors";
import { BlockList } from "../../components/console/content/BlockEditor";
import type { DraftBlock } from "../../components/console/content/BlockFields";
import type { PickableImage } from "../../components/console/content/ImagePicker";
import { PageHistory } from "../../components/console/content/PageHistory";
import { PagePreview } from "../../components/console/content/PagePreview";
import { PageSchedules } from "../../components/console/content/PageSchedules";
import "../../components/console/content/content-editor.css";
import { consoleLoad, formFields } from "../../components/console/errors";
import { ActionMessage, SubmitButton, When } from "../../components/console/ui";
import type { Route } from "./+types/content-page";

/**
 * A page's block editor (docs/decisions/0041-console-content.md, 0072-block-editor-and-scheduled-publish.md): its
 * words, its blocks as a list to add to, remove from and reorder, each block's fields as form controls (rich text in
 * Tiptap, images from the media library), a preview at phone and desktop widths that follows every edit, Publish now
 * or at a time, the pending schedule, and the history with restore. `?version=N` previews an earlier version.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const asked = Number(new URL(request.url).searchParams.get("version") ?? "");
  return consoleLoad(async () => {
    const service = context.console.service();
    const found = await service.content.page(params.page, { version: Number.isInteger(asked) && asked > 0 ? asked : undefined });
    // The image fields pick from the media library's newest images (ADR 0067).
    const library = service.staff.permissions.includes("media.read") ? (await service.media.library({ limit: 100 })).rows : [];
    return { ...found, library, mayPublish: service.staff.permissions.includes("content.publish"), mayUpload: service.staff.permissions.includes("media.upload") };
  });
}

interface PreviewPage {
  title: string;
  intro: string;
  blocks: Block[];
}

type Intent = "preview" | "publish" | "restore" | "schedule" | "cancel-schedule";

interface ContentActionResult {
  intent: Intent;
  ok: boolean;
  message?: string;
  error?: string;
  /** The submitted fields, so a refused form comes back as typed (without JavaScript the page is drawn anew). */
  values?: Record<string, string>;
  errors?: FieldErrors;
  preview?: PreviewPage;
}

const FIX_FIELDS = "Some fields need attention: the words beside them say what to change.";
const INTENTS: Intent[] = ["preview", "publish", "restore", "schedule", "cancel-schedule"];
const whenWords = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

export async function action({ request, context, params }: Route.ActionArgs) {
  const fields = await formFields(request);
  const intent = INTENTS.find((i) => i === fields.intent) ?? "publish";
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
    if (intent === "cancel-schedule") {
      const cancelled = await content.cancelSchedule(params.page, fields.scheduleId ?? "");
      return { intent, ok: true, message: `Cancelled the publish set for ${whenWords(cancelled.publishAt)}. Nothing will be published then.` } satisfies ContentActionResult;
    }
    if (intent === "schedule") {
      const outcome = await content.scheduleForm(params.page, fields);
      if (!outcome.ok) return data({ intent, ok: false, error: FIX_FIELDS, values: fields, errors: outcome.errors } satisfies ContentActionResult, { status: 400 });
      return { intent, ok: true, message: `Scheduled: this page will be published at ${whenWords(outcome.scheduled.publishAt)} on the shop's clock.` } satisfies ContentActionResult;
    }
    const outcome = await content.publishForm(params.page, fields);
    if (!outcome.ok) return data({ intent, ok: false, error: FIX_FIELDS, values: fields, errors: outcome.errors } satisfies ContentActionResult, { status: 400 });
    return { intent, ok: true, message: `Published version ${outcome.published.version}; the shop shows it now at ${outcome.published.path}.` } satisfies ContentActionResult;
  } catch (error) {
    // A ShopError seen from a route module (the server bundle has its own copy of the class, so no instanceof).
    const e = error as { code?: unknown; status?: number; message?: string } | null;
    if (!e || !isErrorCode(e.code)) throw error;
    if (e.code === "UNAUTHENTICATED") throw redirect("/console/sign-in");
    return data({ intent, ok: false, error: e.message, values: intent === "restore" || intent === "cancel-schedule" ? undefined : fields } satisfies ContentActionResult, { status: e.status ?? 400 });
  }
}

/** A preview writes nothing: the page's data need not be read again after it. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: { formData?: FormData; defaultShouldRevalidate: boolean }) {
  return formData?.get("intent") === "preview" ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.page.title ?? "Page"} | Content | Seed console` }];

export default function ConsoleContentPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ContentActionResult | undefined;
  const { page, history, mayPublish, schedules } = loaderData;
  const pending = schedules.find((s) => s.status === "pending") ?? null;
  // A publish, restore or schedule starts the editor afresh from what is live now.
  const editorKey = `${page.version}:${pending?.id ?? "none"}:${result?.ok && result.intent !== "preview" ? result.message : ""}`;
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
      <PageSchedules schedules={schedules} mayPublish={mayPublish} />
      <Editor key={editorKey} loaderData={loaderData} result={result} />
      <h2>History</h2>
      <PageHistory history={history} current={page.version} baseVersion={page.version} mayPublish={mayPublish} />
    </>
  );
}

function WordField({ name, label, value, error, long }: { name: string; label: string; value: string; error?: string; long?: boolean }) {
  const id = `cc-${name}`;
  const common = { id, name, defaultValue: value, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined };
  return (
    <div className="c-field">
      <label htmlFor={id}>{label}</label>
      {long ? <textarea rows={2} {...common} /> : <input type="text" {...common} />}
      {error ? (
        <span id={`${id}-error`} className="c-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The next whole hour on the shop's clock, as a datetime-local value (UTC). */
const nextHour = (nowIso: string) => new Date(Math.ceil(new Date(nowIso).getTime() / 3_600_000) * 3_600_000 + 3_600_000).toISOString().slice(0, 16);

function Editor({ loaderData, result }: { loaderData: Route.ComponentProps["loaderData"]; result: ContentActionResult | undefined }) {
  const { page, shown, mayPublish, mayUpload, now } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const live = fetcher.data as ContentActionResult | undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastGood = useRef<PreviewPage | null>(null);
  const latest = live ?? (result?.intent === "preview" || result?.ok === false ? result : undefined);
  if (latest?.preview) lastGood.current = latest.preview;
  const values = result?.ok === false || result?.intent === "preview" ? result.values : undefined;

  const [blocks, setBlocks] = useState<DraftBlock[]>(() => {
    try {
      if (values?.blocks) return JSON.parse(values.blocks) as DraftBlock[];
    } catch {
      // A mangled field: start from the published blocks.
    }
    return page.blocks as unknown as DraftBlock[];
  });
  const [library, setLibrary] = useState<PickableImage[]>(loaderData.library);

  // Marks the form as live once hydrated (the e2e test waits for it before editing).
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
  // A block change is not an input event of the form: the hidden field changes after the render, then the preview.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    schedulePreview();
  }, [blocks]);

  const edited = lastGood.current;
  const preview = edited ?? shown ?? page;
  const caption = edited
    ? "Your changes, not published yet. It follows your edits."
    : shown
      ? `Version ${shown.version}, an earlier version. Restore it from the history below to publish it again.`
      : `The page as published (version ${page.version}). Change anything to see your edit here.`;
  const errors = latest?.errors ?? {};

  return (
    <div className="cc-layout">
      <Form method="post" ref={formRef} onInput={schedulePreview} className="c-form cc-editor" aria-label="Edit page">
        <input type="hidden" name="baseVersion" value={page.version} />
        <input type="hidden" name="blocks" value={JSON.stringify(blocks)} />
        <fieldset className="cc-block">
          <legend>Page</legend>
          <WordField name="title" label="Title" value={values?.title ?? page.title} error={errors.title} />
          <WordField name="intro" label="Introduction" value={values?.intro ?? page.intro} error={errors.intro} long />
          <WordField name="description" label="Description for search engines" value={values?.description ?? page.description} error={errors.description} long />
          {errors.page ? <p className="c-error">{errors.page}</p> : null}
        </fieldset>
        <h2 className="cc-blocks-heading">Blocks</h2>
        <p className="c-hint">Drag a block by its handle, or focus the handle and press Space, then the arrow keys. Move up and Move down do the same.</p>
        <BlockList blocks={blocks} onChange={setBlocks} errors={errors} context={{ library, onUploaded: mayUpload ? (image) => setLibrary((now) => [image, ...now.filter((l) => l.hash !== image.hash)]) : () => undefined }} />
        <div className="cc-actions">
          <div className="c-form-row">
            <SubmitButton quiet name="intent" value="preview">
              Preview
            </SubmitButton>
            {mayPublish ? (
              <SubmitButton name="intent" value="publish">
                Publish now
              </SubmitButton>
            ) : (
              <span className="c-hint">Your role may preview but not publish.</span>
            )}
          </div>
          {mayPublish ? (
            <div className="c-form-row cc-schedule">
              <div className="c-field">
                <label htmlFor="cc-publishAt">Or publish at (UTC, the shop&apos;s clock)</label>
                <input id="cc-publishAt" type="datetime-local" name="publishAt" defaultValue={values?.publishAt ?? nextHour(now)} aria-invalid={errors.publishAt ? true : undefined} aria-describedby={errors.publishAt ? "cc-publishAt-error" : undefined} />
                {errors.publishAt ? (
                  <span id="cc-publishAt-error" className="c-error">
                    {errors.publishAt}
                  </span>
                ) : null}
              </div>
              <SubmitButton quiet name="intent" value="schedule">
                Schedule publish
              </SubmitButton>
            </div>
          ) : null}
        </div>
      </Form>
      <PagePreview title={preview.title} intro={preview.intro} blocks={preview.blocks} caption={caption} busy={fetcher.state !== "idle"} />
    </div>
  );
}
