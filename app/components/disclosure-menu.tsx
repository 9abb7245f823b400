import { Icon } from "~/components/icons/icon";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { cn } from "~/lib/cn";

/** Hides the disclosure triangle of a `<summary>` (a list marker in Chromium and Firefox, a pseudo-element in Safari). */
export const summaryClass = "cursor-pointer list-none [&::-webkit-details-marker]:hidden";

/**
 * The state of a header menu. The server renders a native `<details>` disclosure, so the menu opens
 * without JavaScript; once hydrated, `enhanced` turns true and the component renders its scripted
 * version instead (a real button with aria-expanded), carrying over an open menu and the focus.
 * Menus close when the page changes.
 */
export function useDisclosure() {
  const details = useRef<HTMLDetailsElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the menu when the page changes
  useEffect(() => setOpen(false), [location.pathname, location.search]);
  // After the effect above, so that a menu opened before hydration stays open.
  useEffect(() => {
    const d = details.current;
    refocus.current = !!d?.contains(document.activeElement);
    setOpen(!!d?.open);
    setEnhanced(true);
  }, []);
  useEffect(() => {
    if (enhanced && refocus.current) button.current?.focus();
  }, [enhanced]);
  return { enhanced, open, setOpen, details, button };
}

/**
 * A light navigation dropdown (the WAI disclosure pattern): a button that shows a panel of links.
 * Keyboard: Enter/Space/ArrowDown open it and focus the first item, arrows move, Home/End jump,
 * Escape closes and returns focus to the button; a click outside or tabbing away closes it.
 * Without JavaScript it is a `<details>`; the header's menus share a `name`, so opening one closes the others.
 * (Radix's menu + floating-ui cost ~20 kB of JavaScript on every page for the same job.)
 */
export function DisclosureMenu({
  label,
  triggerClassName,
  panelClassName,
  align = "start",
  children,
}: {
  label: ReactNode;
  triggerClassName?: string;
  panelClassName?: string;
  align?: "start" | "end";
  children: ReactNode;
}) {
  const { enhanced, open, setOpen, details, button } = useDisclosure();
  const id = useId();
  const root = useRef<HTMLDivElement>(null);

  const items = () => Array.from(root.current?.querySelectorAll<HTMLElement>("[data-menu-item]") ?? []);
  const focusItem = (index: number) => {
    const list = items();
    if (!list.length) return;
    list[(index + list.length) % list.length]!.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open, setOpen]);

  function onKeyDown(e: React.KeyboardEvent) {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === "Escape" && open) {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === "ArrowDown") {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        requestAnimationFrame(() => focusItem(0));
      } else focusItem(current + 1);
    } else if (e.key === "ArrowUp" && open) {
      e.preventDefault();
      focusItem(current <= 0 ? -1 : current - 1);
    } else if (e.key === "Home" && open && current >= 0) {
      e.preventDefault();
      focusItem(0);
    } else if (e.key === "End" && open && current >= 0) {
      e.preventDefault();
      focusItem(-1);
    }
  }

  const panel = cn(
    "absolute top-full z-50 mt-1.5 rounded-2xl border border-ocean-100 bg-white p-2 shadow-lift",
    align === "end" ? "right-0" : "left-0",
    panelClassName,
  );

  if (!enhanced)
    return (
      <details ref={details} name="menu-cabecera" className="group/menu relative">
        <summary className={cn(triggerClassName, summaryClass, "group-open/menu:bg-ocean-50")}>
          {label}
          <Icon name="chevron-down" aria-hidden className="size-4 transition-transform group-open/menu:rotate-180" />
        </summary>
        <div className={panel}>{children}</div>
      </details>
    );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keys and focus bubble up from the menu's own button and links
    <div
      ref={root}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (open && !root.current?.contains(e.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        className={cn(triggerClassName, "data-[state=open]:bg-ocean-50")}
        data-state={open ? "open" : "closed"}
        onClick={(e) => {
          const opening = !open;
          setOpen(opening);
          // Opened from the keyboard (Enter/Space): move into the list like a menu would.
          if (opening && e.detail === 0) requestAnimationFrame(() => focusItem(0));
        }}
      >
        {label}
        <Icon name="chevron-down" aria-hidden className={cn("size-4 transition-transform", open && "rotate-180")} />
      </button>
      <div id={id} hidden={!open} className={panel}>
        {/* Rendered only while open once scripts run: each hidden <Link> would cost render time on every
            client navigation. The server's <details> has them all, for crawlers and visitors without JavaScript. */}
        {open ? children : null}
      </div>
    </div>
  );
}

const menuItemBase = "flex min-h-10 w-full items-center rounded-xl px-3 text-left text-sm outline-none";

export const menuItemClass = `${menuItemBase} font-medium text-ocean-900 hover:bg-ocean-50 focus-visible:bg-ocean-50 focus-visible:text-ocean-700`;

/** A menu item for a dangerous action (sign out). */
export const menuItemDangerClass = `${menuItemBase} gap-2 font-semibold text-danger hover:bg-red-50 focus-visible:bg-red-50`;
