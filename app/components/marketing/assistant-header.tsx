import type { ReactNode } from "react";
import type { Assistant } from "~/catalog/marketing";

/** The top of an assistant's own page: its picture, name with a badge, an optional role line, and what it does. */
export function AssistantHeader({ assistant, badge, role }: { assistant: Assistant; badge: ReactNode; role?: string }) {
  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
      <img src={assistant.image} alt="" width={80} height={80} className="size-20 rounded-2xl" />
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-3xl font-extrabold sm:text-4xl">{assistant.name}</h1>
          {badge}
        </div>
        {role ? <p className="mt-1 font-semibold text-ocean-700">{role}</p> : null}
        <p className="mt-2 max-w-2xl text-lg leading-7 text-muted">{assistant.description}</p>
      </div>
    </div>
  );
}
