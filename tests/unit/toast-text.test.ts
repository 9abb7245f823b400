/** The toast as the page without JavaScript shows it: one line, the title ending its own sentence. */
import { describe, expect, it } from "vitest";
import { toastText } from "~/components/toaster";

describe("toastText", () => {
  it("ends a title without its own stop before the description starts", () => {
    expect(toastText({ type: "success", title: "Cambios guardados", description: "Ya se ven en tu ficha." })).toBe(
      "Cambios guardados. Ya se ven en tu ficha.",
    );
  });

  it("keeps a title that already ends its sentence, and a title alone as it is", () => {
    expect(toastText({ type: "success", title: "¡Mensaje Enviado!", description: "Te responderemos pronto." })).toBe(
      "¡Mensaje Enviado! Te responderemos pronto.",
    );
    expect(toastText({ type: "info", title: "Enviaremos un enlace a:", description: "ana@ejemplo.test" })).toBe(
      "Enviaremos un enlace a: ana@ejemplo.test",
    );
    expect(toastText({ type: "error", title: "Rol sin cambios" })).toBe("Rol sin cambios");
  });
});
