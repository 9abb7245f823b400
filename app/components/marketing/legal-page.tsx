/** The privacy policy and the terms of use: a contents list, then numbered sections of plain text. */
import { Link } from "react-router";
import type { Inline, LegalBlock, LegalPage } from "~/catalog/legal";
import { PageHero, Section } from "~/components/marketing/section";

const linkClass = "font-semibold text-ocean-700 underline underline-offset-4 hover:text-ocean-900";

function Text({ parts }: { parts: Inline[] }) {
  return parts.map((part, i) =>
    typeof part === "string" ? (
      part
    ) : part.to.startsWith("/") ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
      <Link key={i} to={part.to} className={linkClass}>
        {part.label}
      </Link>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
      <a key={i} href={part.to} className={linkClass}>
        {part.label}
      </a>
    ),
  );
}

function Block({ block }: { block: LegalBlock }) {
  if ("p" in block)
    return (
      <p className="leading-7 text-ink">
        <Text parts={block.p} />
      </p>
    );
  return (
    <ul className="list-disc space-y-3 pl-5 leading-7 text-ink marker:text-ocean-400">
      {block.list.map((item) => (
        <li key={(item.term ?? "") + JSON.stringify(item.text).slice(0, 60)}>
          {item.term ? <strong className="font-semibold text-ocean-950">{item.term}: </strong> : null}
          <Text parts={item.text} />
        </li>
      ))}
    </ul>
  );
}

export function LegalPageView({ page, eyebrow, updatedText }: { page: LegalPage; eyebrow: string; updatedText: string }) {
  return (
    <>
      <PageHero eyebrow={eyebrow} title={page.title} intro={page.intro} />
      <Section spacing="compact">
        {/* A readable measure: the section's width would make lines of some 180 characters. */}
        <div className="mx-auto max-w-3xl">
          <p className="text-sm text-muted">
            Última actualización: <time dateTime={page.updated}>{updatedText}</time>
          </p>
          <nav aria-labelledby="legal-contents" className="mt-6 rounded-card bg-ocean-50 p-5">
            <h2 id="legal-contents" className="text-sm font-bold uppercase tracking-wider text-ocean-800">
              Contenido
            </h2>
            <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
              {page.sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`} className="inline-flex min-h-8 items-center text-ocean-800 underline-offset-4 hover:underline">
                    {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {page.sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-10 scroll-mt-24 space-y-4">
              <h2 id={`${s.id}-title`} className="text-2xl font-extrabold text-ocean-950">
                {i + 1}. {s.title}
              </h2>
              {s.blocks.map((b, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one fixed section, in order
                <Block key={j} block={b} />
              ))}
            </section>
          ))}
        </div>
      </Section>
    </>
  );
}
