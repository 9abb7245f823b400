/** A query string without the 'near me' parameters (`cerca`, `radio`) and the page cursor: '' or '?…'. */
export function withoutNear(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of ["cerca", "radio", "cursor"]) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

/** The radius as the page writes it: '5 km', '2,5 km'. */
export function radiusLabel(km: number): string {
  return `${String(km).replace(".", ",")} km`;
}
