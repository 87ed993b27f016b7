import { Form, useNavigation } from "react-router";
import { ACCEPTED_TYPES, formatBytes } from "../../../domain/media-upload";
import { REVIEW_LIMITS, REVIEW_PHOTO_MAX_BYTES, type ReviewFieldErrors, type ReviewInput } from "../../../domain/reviews";
import { StarRatingInput } from "./StarRatingInput";

export type ReviewFormValues = Partial<Record<keyof ReviewInput, string>>;

/**
 * The review form: a plain POST to the link's own page, so it works before JavaScript; React Router submits it without
 * a reload once it has. Errors come back beside their fields with what was typed.
 */
export function ReviewForm({ productName, authorName, errors = {}, values = {}, message }: { productName: string; authorName: string; errors?: ReviewFieldErrors; values?: ReviewFormValues; message?: string }) {
  const busy = useNavigation().state === "submitting";
  const field = (name: keyof ReviewInput) => ({
    id: `review-${name}`,
    name,
    defaultValue: values[name] ?? (name === "authorName" ? authorName : undefined),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": [errors[name] ? `review-${name}-error` : null, `review-${name}-hint`].filter(Boolean).join(" "),
    className: "field-input",
  });
  const errorOf = (name: keyof ReviewFieldErrors) =>
    errors[name] ? (
      <p id={`review-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;
  return (
    <Form method="post" encType="multipart/form-data" className="review-form" noValidate aria-describedby={message ? "review-form-error" : undefined}>
      {message ? (
        <p id="review-form-error" role="alert" className="form-alert form-alert--error">
          {message}
        </p>
      ) : null}
      <StarRatingInput name="rating" defaultValue={values.rating ? Number(values.rating) : undefined} error={errors.rating} errorId="review-rating-error" />
      <div className="field">
        <label htmlFor="review-title" className="field-label">
          Title
        </label>
        <input {...field("title")} type="text" required maxLength={REVIEW_LIMITS.titleMax} />
        <p id="review-title-hint" className="field-hint">
          Sum it up in a few words, like "Calmer mornings after a month".
        </p>
        {errorOf("title")}
      </div>
      <div className="field">
        <label htmlFor="review-body" className="field-label">
          Your review
        </label>
        <textarea {...field("body")} rows={7} required maxLength={REVIEW_LIMITS.bodyMax} />
        <p id="review-body-hint" className="field-hint">
          What changed, how long it took, anything you wish you had known about {productName}. {REVIEW_LIMITS.bodyMin} to {REVIEW_LIMITS.bodyMax.toLocaleString("en-US")} characters, plain text.
        </p>
        {errorOf("body")}
      </div>
      <div className="field">
        <label htmlFor="review-authorName" className="field-label">
          First name shown with your review
        </label>
        <input {...field("authorName")} type="text" required maxLength={REVIEW_LIMITS.nameMax} autoComplete="given-name" />
        <p id="review-authorName-hint" className="field-hint">
          Only this name is shown, with "Verified buyer". Never your email or surname.
        </p>
        {errorOf("authorName")}
      </div>
      <div className="field">
        <label htmlFor="review-photos" className="field-label">
          Photos (optional, up to {REVIEW_LIMITS.photos})
        </label>
        <input
          id="review-photos"
          name="photos"
          type="file"
          multiple
          accept={ACCEPTED_TYPES.join(",")}
          className="field-input review-form__files"
          aria-invalid={errors.photos ? true : undefined}
          aria-describedby={["review-photos-hint", errors.photos ? "review-photos-error" : null].filter(Boolean).join(" ")}
        />
        <p id="review-photos-hint" className="field-hint">
          JPEG, PNG, WebP, AVIF or GIF, up to {formatBytes(REVIEW_PHOTO_MAX_BYTES)} each. Shown with your review once it is published.
        </p>
        {errorOf("photos")}
      </div>
      <button type="submit" className="button" aria-disabled={busy || undefined}>
        {busy ? "Sending…" : "Send my review"}
      </button>
    </Form>
  );
}
