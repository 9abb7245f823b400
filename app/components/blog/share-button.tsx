import { Icon } from "~/components/icons/icon";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";

/** Web Share API when the device has it; otherwise the link is copied ('Enlace copiado'). */
export function ShareButton({ title, url }: { title: string; url: string }) {
  async function share() {
    const href = url || window.location.href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url: href });
        return;
      } catch (error) {
        if ((error as Error)?.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(href);
      showToast({ type: "success", title: "Enlace copiado" });
    } catch {
      showToast({ type: "info", title: "Copia este enlace", description: href });
    }
  }
  return (
    <Button variant="outline" onClick={share}>
      <Icon name="share-2" aria-hidden className="size-4" /> Compartir
    </Button>
  );
}
