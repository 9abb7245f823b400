import type { ReactNode } from "react";

type Classes = { className?: string; itemClassName?: string; firstClassName?: string; secondClassName?: string };

/** Terms and their details (a figure and its label, days and hours) as a description list. */
export function TermList({ items, ...c }: Classes & { items: readonly { key: string; term: ReactNode; detail: ReactNode }[] }) {
  return (
    <dl className={c.className}>
      {items.map((item) => (
        <div key={item.key} className={c.itemClassName}>
          <dt className={c.firstClassName}>{item.term}</dt>
          <dd className={c.secondClassName}>{item.detail}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Titled items, each a title and a line of text, after an optional mark (a number, an icon). */
export function TitledList({
  items,
  mark,
  ...c
}: Classes & { items: readonly { title: string; text: ReactNode }[]; mark?: (index: number) => ReactNode }) {
  return (
    <ul className={c.className}>
      {items.map((item, i) => (
        <li key={item.title} className={c.itemClassName}>
          {mark?.(i)}
          <span className="block">
            <span className={c.firstClassName}>{item.title}</span>
            <span className={c.secondClassName}>{item.text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
