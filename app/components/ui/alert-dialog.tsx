/**
 * A question that must be answered (delete, revoke), shadcn style on Radix AlertDialog: no close
 * button and no closing by clicking outside; Escape or Cancel says no. Focus starts on Cancel, the
 * safe answer. Same overlay and panel as dialog.tsx.
 */
import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { buttonClass, type ButtonVariant } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import {
  dialogContentClass,
  dialogDescriptionClass,
  dialogOverlayClass,
  dialogTitleClass,
  dialogHeaderClass,
  DialogFooter,
  type DialogSize,
} from "~/components/ui/dialog";

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export function AlertDialogContent({
  size = "md",
  className,
  ...props
}: Omit<ComponentProps<typeof AlertDialogPrimitive.Content>, "className"> & { size?: DialogSize; className?: string }) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className={dialogOverlayClass} />
      <AlertDialogPrimitive.Content className={cn(dialogContentClass(size), className)} {...props} />
    </AlertDialogPrimitive.Portal>
  );
}

/** No close button to keep clear of, so no right padding. */
export function AlertDialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn(dialogHeaderClass, className)} {...props} />;
}

export const AlertDialogFooter = DialogFooter;

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return <AlertDialogPrimitive.Title className={cn(dialogTitleClass, className)} {...props} />;
}

export function AlertDialogDescription({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return <AlertDialogPrimitive.Description className={cn(dialogDescriptionClass, className)} {...props} />;
}

export function AlertDialogAction({
  variant = "primary",
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Action> & { variant?: ButtonVariant }) {
  return <AlertDialogPrimitive.Action className={buttonClass(variant, "md", className)} {...props} />;
}

export function AlertDialogCancel({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return <AlertDialogPrimitive.Cancel className={buttonClass("outline", "md", className)} {...props} />;
}
