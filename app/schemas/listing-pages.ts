import { MAX_PAGES } from "~/lib/listing-pages";
import { z } from "./zod";

const PAGES_INVALID = `El número de páginas del enlace no es válido (de 1 a ${MAX_PAGES}).`;

/** `paginas` of a listing or search page: how many pages of cards it shows (1 without it). */
export const pagesField = z.preprocess(
  (v) => (v === "" || v === null || v === undefined ? 1 : v),
  z.coerce.number({ error: PAGES_INVALID }).int(PAGES_INVALID).min(1, PAGES_INVALID).max(MAX_PAGES, PAGES_INVALID),
);
