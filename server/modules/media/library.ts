import { and, desc, eq, lt, or } from "drizzle-orm";
import type { MediaHash } from "../../../domain/media";
import type { Queryable } from "../../db/client";
import { mediaAssets } from "../../db/schema";

/** One library image as the console lists it. */
export interface LibraryAsset {
  hash: MediaHash;
  filename: string;
  mime: string;
  width: number;
  height: number;
  byteSize: number;
  alt: string;
  placeholder: string;
  source: string;
  createdAt: Date;
  id: string;
}

const columns = {
  id: mediaAssets.id,
  hash: mediaAssets.hash,
  filename: mediaAssets.filename,
  mime: mediaAssets.mime,
  width: mediaAssets.width,
  height: mediaAssets.height,
  byteSize: mediaAssets.byteSize,
  alt: mediaAssets.alt,
  placeholder: mediaAssets.placeholder,
  source: mediaAssets.source,
  createdAt: mediaAssets.createdAt,
};

/** Newest first, keyset-paged on (created_at, id): `before` is the last row of the previous page. */
export async function listLibrary(db: Queryable, options: { before?: { at: Date; id: string }; limit: number }): Promise<LibraryAsset[]> {
  const before = options.before;
  const rows = await db
    .select(columns)
    .from(mediaAssets)
    .where(before ? or(lt(mediaAssets.createdAt, before.at), and(eq(mediaAssets.createdAt, before.at), lt(mediaAssets.id, before.id))) : undefined)
    .orderBy(desc(mediaAssets.createdAt), desc(mediaAssets.id))
    .limit(options.limit);
  return rows.map((r) => ({ ...r, hash: r.hash as MediaHash }));
}

export async function findLibraryAsset(db: Queryable, hash: string): Promise<LibraryAsset | null> {
  const [row] = await db.select(columns).from(mediaAssets).where(eq(mediaAssets.hash, hash));
  return row ? { ...row, hash: row.hash as MediaHash } : null;
}

/** Sets an image's alt text; answers the one before (null when there is no such image). */
export async function setLibraryAlt(db: Queryable, hash: string, alt: string): Promise<{ before: string } | null> {
  const current = await findLibraryAsset(db, hash);
  if (!current) return null;
  await db.update(mediaAssets).set({ alt }).where(eq(mediaAssets.hash, hash));
  return { before: current.alt };
}
