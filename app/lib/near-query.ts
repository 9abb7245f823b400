/** A query string without the 'near me' parameters (`cerca`, `radio`) and the page cursor: '' or '?…'. */
export function withoutNear(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of ["cerca", "radio", "cursor"]) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}
