import { useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";

export type ToastData = { type: "success" | "error" | "info"; title: string; description?: string } | null | undefined;

export function Toaster() {
  return <Sonner position="top-center" richColors closeButton toastOptions={{ duration: 5000 }} />;
}

/** Shows a toast that arrived in loader or action data (flash cookie or a returned result). */
export function useShowToast(data: ToastData, key?: unknown) {
  useEffect(() => {
    if (!data) return;
    const show = data.type === "error" ? toast.error : data.type === "info" ? toast.info : toast.success;
    show(data.title, { description: data.description });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, key]);
}
