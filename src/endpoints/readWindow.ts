import type { Concept } from '../domain/Concept.js';

/** A window of a ranked or ordered list: `limit` items from `offset`. */
export interface ListWindow {
  limit: number;
  offset: number;
}

/**
 * The window [offset, offset + limit) of a paged list, read in pages of `limit` (one page where
 * the offset is a multiple of it, else two), so that a small window costs a small page.
 */
export async function readWindow(
  page: (count: number, page: number) => Promise<Concept[]>,
  { limit, offset }: ListWindow,
): Promise<Concept[]> {
  const first = Math.floor(offset / limit) + 1;
  const last = Math.floor((offset + limit - 1) / limit) + 1;
  const pages = await Promise.all(Array.from({ length: last - first + 1 }, (_, i) => page(limit, first + i)));
  return pages.flat().slice(offset - (first - 1) * limit, offset - (first - 1) * limit + limit);
}
