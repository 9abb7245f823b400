/**
 * The site's one modal (docs/decisions/046), shadcn style on Radix Dialog: Radix traps
 * focus, closes on Escape, gives focus back to the trigger and labels the panel by its Title and
 * Description. The overlay and panel classes live here only; alert-dialog.tsx reuses them.
 */
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { Icon } from "~/components/icons/icon";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";

export const dialogOverlayClass =
  "fixed inset-0 z-50 bg-ocean-950/50 backdrop-blur-[2px] motion-safe:data-[state=open]:animate-dialog-overlay";

// Centred, never wider than the screen less 1rem each side (390px phones), and scrolls inside itself
// when taller than the viewport, so the page behind never scrolls sideways.
const contentBase =
  "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-5 overflow-y-auto overscroll-contain rounded-card bg-white p-5 shadow-lift focus:outline-none sm:p-6 motion-safe:data-[state=open]:animate-dialog-in";

export const dialogSizes = { md: "max-w-md", lg: "max-w-lg" } as const;
export type DialogSize = keyof typeof dialogSizes;

export function dialogContentClass(size: DialogSize = "md") {
  return cn(contentBase, dialogSizes[size]);
}

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** Portal, overlay and panel in one, with a 44px close button in the corner (hideClose to leave it out). */
export function DialogContent({
  size = "md",
  hideClose,
  className,
  children,
  ...props
}: Omit<ComponentProps<typeof DialogPrimitive.Content>, "className"> & { size?: DialogSize; hideClose?: boolean; className?: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={dialogOverlayClass} />
      <DialogPrimitive.Content className={cn(dialogContentClass(size), className)} {...props}>
        {children}
        {hideClose ? null : (
          <DialogPrimitive.Close className={buttonClass("ghost", "icon", "absolute top-2 right-2")} aria-label="Cerrar">
            <Icon name="x" aria-hidden className="size-5" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export const dialogHeaderClass = "flex flex-col gap-1.5";

/** Title and description; the right padding keeps a long title clear of the close button. */
export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn(dialogHeaderClass, "pr-10", className)} {...props} />;
}

/** Actions: stacked full width on phones (primary on top), in a row on the right from `sm`. */
export const dialogFooterClass = "flex flex-col-reverse gap-3 sm:flex-row sm:justify-end";

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn(dialogFooterClass, className)} {...props} />;
}

export const dialogTitleClass = "text-lg font-bold text-ocean-950";
export const dialogDescriptionClass = "text-sm text-muted wrap-anywhere";

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn(dialogTitleClass, className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn(dialogDescriptionClass, className)} {...props} />;
}
