import { Icon } from "~/components/icons/icon";
import { buttonClass } from "~/components/ui/button";

/** Closing call to action of the directory pages: book a meeting at BOOKING_URL. */
export function BookingCta({ bookingUrl, title, text }: { bookingUrl: string; title: string; text: string }) {
  return (
    <section className="mx-auto w-full max-w-6xl px-4 pb-16">
      <div className="relative overflow-hidden rounded-card bg-gradient-to-r from-sun-400 to-sun-300 px-6 py-10 text-ocean-950 shadow-card sm:px-12">
        <div aria-hidden className="absolute -right-10 -top-10 size-40 rounded-full bg-white/30" />
        <div className="relative flex flex-col gap-6 sm:flex-row sm:items-center sm:justify-between">
          <div className="max-w-xl">
            <h2 className="text-2xl font-extrabold sm:text-3xl">{title}</h2>
            <p className="mt-2 text-ocean-900">{text}</p>
          </div>
          <a href={bookingUrl} target="_blank" rel="noopener noreferrer" className={buttonClass("primary", "lg", "shrink-0")}>
            <Icon name="calendar-check" aria-hidden className="size-5" />
            Agendar una reunión
          </a>
        </div>
      </div>
    </section>
  );
}
