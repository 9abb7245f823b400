/** Reading request bodies safely: a malformed or oversized body is a 4xx, never a 500. */
import { data } from "react-router";

const MAX_FORM_BYTES = 1_100_000;

/** The submitted form, or a thrown 400/413 response with a Spanish message. */
export async function readForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > maxBytes) throw data("El formulario es demasiado grande.", { status: 413 });
  const type = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) {
    throw data("Solicitud inválida: se esperaba un formulario.", { status: 400 });
  }
  try {
    return await request.formData();
  } catch {
    throw data("Solicitud inválida: no se pudo leer el formulario.", { status: 400 });
  }
}
