import { Icon } from "~/components/icons/icon";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { cn } from "~/lib/cn";

/**
 * A light navigation dropdown (the WAI disclosure pattern): a button that shows a panel of links.
 * Keyboard: Enter/Space/ArrowDown open it and focus the first item, arrows move, Home/End jump,
 * Escape closes and returns focus to the button; a click outside or tabbing away closes it.
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
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the menu when the page changes
  useEffect(() => setOpen(false), [location.pathname, location.search]);

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
  }, [open]);

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
        className={triggerClassName}
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
      <div
        id={id}
        hidden={!open}
        className={cn(
          "absolute top-full z-50 mt-1.5 rounded-2xl border border-ocean-100 bg-white p-2 shadow-lift",
          align === "end" ? "right-0" : "left-0",
          panelClassName,
        )}
      >
        {/* Rendered only while open: the same links are in the footer for crawlers and no-JS visitors,
            and every hidden <Link> would cost server render time on each page. */}
        {open ? children : null}
      </div>
    </div>
  );
}

const menuItemBase = "flex min-h-10 w-full items-center rounded-xl px-3 text-left text-sm outline-none";

export const menuItemClass = `${menuItemBase} font-medium text-ocean-900 hover:bg-ocean-50 focus-visible:bg-ocean-50 focus-visible:text-ocean-700`;

/** A menu item for a dangerous action (sign out). */
export const menuItemDangerClass = `${menuItemBase} gap-2 font-semibold text-danger hover:bg-red-50 focus-visible:bg-red-50`;
