/** The mails of claims and submissions, in Spanish: the claim's link, and each admin decision. */
import { LISTING_KINDS, type ListingKind } from "~/catalog/listing-kinds";
import { sendMail } from "../mail/mail.server";
import { getEnv } from "../platform/env.server";

const SIGNATURE = "\n\nEl equipo de Panama VIP IA";

type Listing = { kind: ListingKind; slug: string; nombre: string };

const pageOf = (l: Listing) => `${getEnv().PUBLIC_URL}/${LISTING_KINDS[l.kind].singular}/${l.slug}`;
const greeting = (name: string | null | undefined) => (name?.trim() ? `Hola ${name.trim()}:` : "Hola:");

/** The link that proves the address at the website's domain; `account` is the address of the account that asked. */
export async function mailClaimLink(to: string, m: { listing: Listing; token: string; account: string; hours: number }) {
  const url = `${getEnv().PUBLIC_URL}/reclamar/confirmar?token=${encodeURIComponent(m.token)}`;
  await sendMail("claim-link", {
    to,
    subject: `Confirma que administras ${m.listing.nombre} - Panama VIP IA`,
    text:
      `Hola:\n\nLa cuenta ${m.account} de Panama VIP IA pidió administrar «${m.listing.nombre}» en el directorio, ` +
      `con esta dirección como prueba de que el negocio es suyo.\n\n` +
      `Abre este enlace con esa cuenta iniciada para confirmarlo:\n${url}\n\n` +
      `El enlace vale ${m.hours} horas. Si no lo pediste, ignora este correo: no cambiará nada.${SIGNATURE}`,
  });
}

/** An admin's decision on a claim. */
export async function mailClaimDecision(
  to: string,
  m: { name: string | null; listing: Listing; approved: boolean; reason?: string | null },
) {
  const site = getEnv().PUBLIC_URL;
  await sendMail("claim-decision", {
    to,
    subject: m.approved ? `Ya administras ${m.listing.nombre} - Panama VIP IA` : `Tu solicitud sobre ${m.listing.nombre} - Panama VIP IA`,
    text: m.approved
      ? `${greeting(m.name)}\n\nAprobamos tu solicitud: ya administras «${m.listing.nombre}».\n\n` +
        `Actualiza su información, horarios y cierres en «Mi negocio»:\n${site}/mi-negocio\n\n` +
        `Su ficha en el directorio: ${pageOf(m.listing)}${SIGNATURE}`
      : `${greeting(m.name)}\n\nRevisamos tu solicitud para administrar «${m.listing.nombre}» y no pudimos aprobarla.` +
        (m.reason ? `\n\nMotivo: ${m.reason}` : "") +
        `\n\nSi crees que es un error, escríbenos desde ${site}/contact con datos que nos ayuden a confirmar que el negocio es tuyo. ` +
        `Tus negocios están en «Mi negocio»: ${site}/mi-negocio${SIGNATURE}`,
  });
}

/** An admin's decision on a submitted listing. */
export async function mailSubmissionDecision(
  to: string,
  m: { name: string | null; listing: Listing; approved: boolean; reason?: string | null },
) {
  const site = getEnv().PUBLIC_URL;
  await sendMail("submission-decision", {
    to,
    subject: m.approved ? `${m.listing.nombre} ya está publicado - Panama VIP IA` : `Tu envío de ${m.listing.nombre} - Panama VIP IA`,
    text: m.approved
      ? `${greeting(m.name)}\n\nAprobamos «${m.listing.nombre}»: ya aparece en el directorio y tú lo administras.\n\n` +
        `Mantén al día su información en «Mi negocio»:\n${site}/mi-negocio\n\n` +
        `Su ficha en el directorio: ${pageOf(m.listing)}${SIGNATURE}`
      : `${greeting(m.name)}\n\nRevisamos «${m.listing.nombre}» y no pudimos publicarlo en el directorio.` +
        (m.reason ? `\n\nMotivo: ${m.reason}` : "") +
        `\n\nPuedes enviarlo de nuevo con los datos corregidos en ${site}/mi-negocio/nuevo. ` +
        `Tus negocios están en «Mi negocio»: ${site}/mi-negocio${SIGNATURE}`,
  });
}
