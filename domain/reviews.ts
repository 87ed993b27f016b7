import { z } from "./zod";
import { storableText } from "./validation";
import { PRODUCT_LINE_IDS, type ProductLine } from "./product-lines";

/**
 * A review as a buyer writes it and a page shows it (docs/decisions/0068). Everything a reviewer types is kept as
 * plain text: tags are dropped, not escaped, so no markup is ever stored, and pages print it as text.
 */
export const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const isReviewStatus = (value: unknown): value is ReviewStatus => typeof value === "string" && (REVIEW_STATUSES as readonly string[]).includes(value);

const REVIEW_LIMITS_PHOTOS = 3;

export const REVIEW_LIMITS = {
  titleMin: 3,
  titleMax: 100,
  bodyMin: 20,
  bodyMax: 3000,
  nameMax: 40,
  photos: REVIEW_LIMITS_PHOTOS,
  replyMax: 2000,
  reasonMax: 500,
} as const;

/** One review photo's largest size (the media library takes up to 15 MB; a phone photo is well under this). */
export const REVIEW_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The review form's largest body: its photos and a margin for the fields and the multipart framing. */
export const REVIEW_FORM_MAX_BYTES = REVIEW_LIMITS_PHOTOS * REVIEW_PHOTO_MAX_BYTES + 256 * 1024;

/** How many reviews a page of a list shows; the last page reachable (offset paging stays cheap when bounded). */
export const REVIEWS_PER_PAGE = 10;
export const MAX_REVIEW_PAGE = 200;

/** Removes markup and control characters, keeps line breaks (at most one blank line in a row), trims. */
export function plainText(input: string): string {
  return input
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<\/?[a-zA-Z][^<>]*>/g, "")
    .replace(/[<>]/g, "")
    .replace(/\r\n?/g, "\n")
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g, "")
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A single line: plain text with its line breaks turned into spaces. */
const oneLine = (input: string) => plainText(input).replace(/\n+/g, " ");

const field = (max: number, clean: (s: string) => string, min: number, label: string) =>
  storableText(max * 2)
    .transform(clean)
    .pipe(
      z
        .string()
        .min(min, min <= 1 ? `Please enter your ${label}.` : `Please write at least ${min} characters for your ${label}.`)
        .max(max, `Please keep your ${label} to ${max} characters.`),
    );

export const RatingField = z.coerce
  .number({ error: "Please choose a star rating from 1 to 5." })
  .int("Please choose a star rating from 1 to 5.")
  .min(1, "Please choose a star rating from 1 to 5.")
  .max(5, "Please choose a star rating from 1 to 5.");

/** The review form's fields (photos travel beside them as files). */
export const ReviewInputSchema = z.object({
  rating: RatingField,
  title: field(REVIEW_LIMITS.titleMax, oneLine, REVIEW_LIMITS.titleMin, "title"),
  body: field(REVIEW_LIMITS.bodyMax, plainText, REVIEW_LIMITS.bodyMin, "review"),
  authorName: field(REVIEW_LIMITS.nameMax, oneLine, 1, "first name"),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

/** The form's errors, by field (the photos beside the parsed fields). */
export type ReviewFieldErrors = Partial<Record<keyof ReviewInput | "photos", string>>;

/** The field errors of a failed parse, keyed by field, first message each. */
export function reviewFieldErrors(error: z.ZodError): ReviewFieldErrors {
  const errors: ReviewFieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path[0] as keyof ReviewInput;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

export const RejectReasonSchema = field(REVIEW_LIMITS.reasonMax, plainText, 3, "reason");
export const ReplySchema = field(REVIEW_LIMITS.replyMax, plainText, 2, "reply");

/** The public list's sort orders. */
export const REVIEW_SORTS = ["newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** What a public list asks for, read from a URL's query (anything unknown falls back to the default, never an error). */
export interface ReviewListQuery {
  line: ProductLine | null;
  rating: 1 | 2 | 3 | 4 | 5 | null;
  sort: ReviewSort;
  page: number;
}

/** The query keys of a list: /reviews uses plain names; a product page prefixes its own so they meet nothing else. */
export const LIST_KEYS = { line: "line", rating: "rating", sort: "sort", page: "page" } as const;
export const PRODUCT_PAGE_KEYS = { line: "reviewLine", rating: "reviewRating", sort: "reviewSort", page: "reviewPage" } as const;
export type ReviewListKeys = { line: string; rating: string; sort: string; page: string };

export function reviewListQuery(search: URLSearchParams, keys: ReviewListKeys = LIST_KEYS): ReviewListQuery {
  const line = search.get(keys.line) ?? "";
  const rating = Number(search.get(keys.rating));
  const sort = search.get(keys.sort) ?? "";
  const page = Math.trunc(Number(search.get(keys.page) ?? "1"));
  return {
    line: (PRODUCT_LINE_IDS as readonly string[]).includes(line) ? (line as ProductLine) : null,
    rating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? (rating as 1 | 2 | 3 | 4 | 5) : null,
    sort: (REVIEW_SORTS as readonly string[]).includes(sort) ? (sort as ReviewSort) : "newest",
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_REVIEW_PAGE) : 1,
  };
}

/** The URL query of a list view (defaults left out, so the first page has one canonical address). */
export function reviewListSearch(query: ReviewListQuery, keys: ReviewListKeys = LIST_KEYS): string {
  const params = new URLSearchParams();
  if (query.line) params.set(keys.line, query.line);
  if (query.rating) params.set(keys.rating, String(query.rating));
  if (query.sort !== "newest") params.set(keys.sort, query.sort);
  if (query.page > 1) params.set(keys.page, String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A review as pages show it: approved, plain text, photos resolved by the page. */
export interface PublicReview {
  id: string;
  productLine: ProductLine;
  authorName: string;
  /** A buyer's review (it names an order); seeded ones do not say "Verified buyer". */
  verified: boolean;
  rating: number;
  title: string;
  body: string;
  photos: string[];
  reply: string | null;
  createdAt: string;
}

/** "Maya" from "Maya Okafor": pages show a reviewer's first name only. */
export const firstNameOf = (name: string) => oneLine(name).split(" ")[0]?.slice(0, REVIEW_LIMITS.nameMax) ?? "";
