/**
 * Slugs: Spanish letters transliterated (á -> a, ñ -> n, ü -> u), lower case, words joined by
 * hyphens, nothing else. 'Gastronomía panameña: 10 platos' -> 'gastronomia-panamena-10-platos'.
 */
export function slugify(input: string, maxLength = 80): string {
  const slug = input
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .replace(/æ/gi, "ae")
    .replace(/ø/gi, "o")
    .toLowerCase()
    .replace(/&/g, " y ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > maxLength / 2 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/g, "");
}

/** The next free slug: `base`, else `base-2`, `base-3`… given the slugs already taken with that stem. */
export function nextFreeSlug(base: string, taken: Iterable<string>): string {
  const set = new Set(taken);
  const stem = base || "entrada";
  if (!set.has(stem)) return stem;
  for (let n = 2; ; n++) {
    const candidate = `${stem}-${n}`;
    if (!set.has(candidate)) return candidate;
  }
}
