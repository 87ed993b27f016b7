/**
 * Image links (SPEC.md section 5): links to the image host get automatic format and quality, unless a quality
 * of 1 to 100 is already given; svg gets no format. Links elsewhere (our own /products/*.svg) are left alone.
 */
export const IMAGE_HOST = "images.seed.com";

export function optimiseImageUrl(src: string): string {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return src;
  }
  if (url.hostname !== IMAGE_HOST) return src;
  const isSvg = url.pathname.toLowerCase().endsWith(".svg");
  if (!isSvg && !url.searchParams.has("auto")) url.searchParams.set("auto", "format");
  if (!hasExplicitQuality(url.searchParams.get("q"))) url.searchParams.set("q", "auto");
  return url.toString();
}

function hasExplicitQuality(q: string | null): boolean {
  if (q === null || !/^\d{1,3}$/.test(q)) return false;
  const n = Number(q);
  return n >= 1 && n <= 100;
}
