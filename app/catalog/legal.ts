/**
 * The privacy policy (/privacidad) and the terms of use (/terminos), in plain Spanish. What they say
 * about stored data follows the database as it is (app/db/schema.ts) and the rules the code applies
 * (session length, link expiry, rate-limit pruning); a change there needs a change here.
 */
import { PREMIUM_PRICE } from "./plans";
import { priceText } from "./price";
import { LEGAL_PATHS, SITE } from "./site";
import { QUESTION_RETENTION_DAYS, TOTALS_RETENTION_DAYS } from "./visibility";

/** A piece of text: plain, or a link (a site path, or an absolute URL such as mailto:). */
export type Inline = string | { to: string; label: string };
/** A paragraph, a list item, or a list item led by a term in bold. */
export type LegalBlock = { p: Inline[] } | { list: { term?: string; text: Inline[] }[] };
export type LegalSection = { id: string; title: string; blocks: LegalBlock[] };
export type LegalPage = { title: string; intro: string; updated: string; sections: LegalSection[] };

/** The day both texts last changed (also their date in the sitemap). */
export const LEGAL_UPDATED = "2026-11-27";

const PREMIUM_PRICE_TEXT = priceText({ amount: PREMIUM_PRICE.amount, period: PREMIUM_PRICE.period });

const EMAIL = { to: `mailto:${SITE.email}`, label: SITE.email };
const CONTACT = { to: "/contact", label: "formulario de contacto" };

export const PRIVACY: LegalPage = {
  title: "Política de privacidad",
  intro: `Qué datos personales guarda ${SITE.name}, para qué, durante cuánto tiempo, con quién los compartimos y cómo ejerces tus derechos.`,
  updated: LEGAL_UPDATED,
  sections: [
    {
      id: "responsable",
      title: "Quién es responsable de tus datos",
      blocks: [
        {
          p: [
            `${SITE.legalName}, con domicilio en ${SITE.city}, Panamá, es responsable de los datos personales que se tratan en este sitio. Para cualquier asunto de privacidad escríbenos a `,
            EMAIL,
            " o usa nuestro ",
            CONTACT,
            ".",
          ],
        },
        {
          p: [
            "Tratamos tus datos conforme a la Ley 81 de 2019 sobre protección de datos personales de la República de Panamá y su reglamento.",
          ],
        },
      ],
    },
    {
      id: "datos",
      title: "Qué datos guardamos y para qué",
      blocks: [
        {
          list: [
            {
              term: "Tu cuenta",
              text: [
                "Nombre completo, email, si confirmaste tu email, tu rol (usuario o administrador) y las fechas de alta y de cambios. La contraseña se guarda solo como un resumen cifrado (hash): nadie puede leerla. Sirve para identificarte, para que escribas en el blog y para darte acceso a lo que contrataste.",
              ],
            },
            {
              term: "Tus sesiones",
              text: [
                "Cada vez que inicias sesión guardamos la dirección IP y el navegador (user agent) desde los que entraste, y cuándo vence la sesión. Sirve para mantenerte conectado y para detectar accesos extraños.",
              ],
            },
            {
              term: "Mensajes de contacto",
              text: [
                "Nombre, email, teléfono, negocio, servicio de interés y el mensaje que nos envías, y si ya lo atendimos. Sirven para responderte y dar seguimiento a tu consulta.",
              ],
            },
            {
              term: "Artículos del blog",
              text: [
                "Lo que escribes (título, resumen, contenido, categoría, etiquetas, imagen) y tu nombre como autor. Las visitas de cada artículo se cuentan como un número total, sin guardar quién lo leyó.",
              ],
            },
            {
              term: "Suscripción Premium",
              text: [
                "El estado de tu suscripción, hasta cuándo está pagada y los identificadores de cliente y de suscripción que nos da Stripe. No guardamos los datos de tu tarjeta: los escribes directamente en la página de pago de Stripe.",
              ],
            },
            {
              term: "Planes gratuitos y negocios",
              text: [
                "Si un administrador te regala un plan gratuito, guardamos tu email, los días otorgados, el vencimiento y quién lo otorgó. Si eres propietario de un negocio del directorio, guardamos el vínculo entre tu cuenta, tu email y ese negocio.",
              ],
            },
            {
              term: "Claves de la API del blog",
              text: [
                "Si creas una clave para publicar desde otra aplicación, guardamos su nombre, sus primeros caracteres, una huella cifrada (no la clave) y la última vez que se usó.",
              ],
            },
            {
              term: "Registro de cambios",
              text: [
                "Cuando un administrador cambia algo (un rol, un plan, un negocio) anotamos quién lo hizo (su cuenta y su email), cuándo y qué cambió, que puede incluir el email del miembro afectado. Sirve para rendir cuentas y corregir errores.",
              ],
            },
            {
              term: "Límites de intentos",
              text: [
                "Para frenar abusos contamos durante unos minutos, por dirección IP, los intentos de inicio de sesión, de registro y de recuperación de contraseña, los mensajes de contacto y las consultas a la API; en el inicio de sesión y el registro, también por email.",
              ],
            },
            {
              term: "Cómo se encuentran los negocios del directorio",
              text: [
                "Contamos cuántas veces aparece cada negocio en las respuestas de nuestra API, de nuestro servidor para asistentes de IA (MCP), de la búsqueda y de los listados del sitio, y cuántas veces se abre su ficha. De cada pregunta guardamos solo sus palabras, sin datos de quién la hizo y sin emails ni números largos. Contamos también los toques en WhatsApp, llamar, cómo llegar y el sitio web de un negocio, una sola vez por persona y por hora, sin guardar quién los hizo: para reconocer un toque repetido usamos una clave que solo existe en la memoria del servidor y cambia cada día. Y contamos las visitas que llegan desde un asistente de IA (como ChatGPT o Perplexity) y las de los rastreadores de IA y de los buscadores. No guardamos direcciones IP ni ningún identificador de las personas: solo totales por día. Sirve para mostrar a cada negocio cómo lo encuentran y para saber qué buscan las personas que el directorio aún no tiene.",
              ],
            },
            {
              term: "Informe mensual a los negocios",
              text: [
                "Si administras un negocio del directorio, te enviamos a principios de cada mes un informe por email con esas cifras. Puedes dejar de recibirlo con el enlace que trae cada informe, sin iniciar sesión, o desde «Mi negocio», y volver a activarlo cuando quieras.",
              ],
            },
            {
              term: "Cookies",
              text: [
                "Solo las necesarias: la de tu sesión, cuando inicias sesión, y una que lleva un aviso de una página a la siguiente (dura 60 segundos). No usamos cookies de publicidad ni de analítica.",
              ],
            },
          ],
        },
        {
          p: [
            "El servidor anota en su registro técnico los errores que ocurren, que pueden incluir el identificador de tu cuenta; no lleva un registro de las páginas que visitas.",
          ],
        },
      ],
    },
    {
      id: "plazos",
      title: "Durante cuánto tiempo",
      blocks: [
        {
          list: [
            {
              term: "Cuenta, perfil, artículos, claves y suscripción",
              text: [
                "Mientras tu cuenta exista. Si pides que la eliminemos, se borran con ella tus sesiones, claves, suscripción registrada y vínculos de propietario; tus artículos publicados quedan firmados como «Panama VIP IA», salvo que pidas borrarlos también.",
              ],
            },
            {
              term: "Sesiones",
              text: [
                "Una sesión caduca 30 días después de tu última visita y se borra al cerrar sesión. Los datos de sesiones ya vencidas pueden seguir guardados hasta que se elimine la cuenta.",
              ],
            },
            {
              term: "Enlaces por email",
              text: ["El enlace para confirmar tu email vale 24 horas y el de recuperar tu contraseña, 1 hora."],
            },
            {
              term: "Mensajes de contacto",
              text: [
                "No se borran automáticamente: los conservamos mientras sean útiles para atenderte. Puedes pedirnos que borremos los tuyos en cualquier momento.",
              ],
            },
            {
              term: "Planes gratuitos y registro de cambios",
              text: [
                "No se borran automáticamente. Si se elimina tu cuenta, el plan conserva el email al que se otorgó y el registro conserva el email de quien hizo cada cambio.",
              ],
            },
            {
              term: "Límites de intentos",
              text: ["Los contadores dejan de valer en minutos y se borran de forma periódica pasada una hora."],
            },
            {
              term: "Cifras de los negocios del directorio",
              text: [
                `Las palabras de las preguntas se guardan como mucho ${QUESTION_RETENTION_DAYS} días; después solo quedan los totales por día, que se borran a los ${TOTALS_RETENTION_DAYS} días (un año y un mes, para comparar cada mes con el anterior).`,
              ],
            },
            {
              term: "Copias de seguridad",
              text: ["Las copias de la base de datos contienen estos datos hasta que se reemplazan por copias nuevas."],
            },
          ],
        },
      ],
    },
    {
      id: "terceros",
      title: "Con quién compartimos tus datos",
      blocks: [
        {
          p: [
            "No vendemos ni alquilamos tus datos. Solo los reciben estos proveedores, para prestar el servicio y únicamente con ese fin:",
          ],
        },
        {
          list: [
            {
              term: "Stripe",
              text: [
                "procesa los pagos de la suscripción Premium: recibe tu email, el identificador de tu cuenta y los datos de pago que escribes en su página.",
              ],
            },
            {
              term: "Nuestro proveedor de correo",
              text: [
                "envía los emails de confirmación de cuenta, de cambio de email y de recuperación de contraseña, los avisos sobre tus negocios y el informe mensual: recibe tu email y el contenido de esos mensajes.",
              ],
            },
            {
              term: "El proveedor de los chats de IA",
              text: [
                "los chats de Amy, Roger y Yodda y el chat del sitio vienen de un proveedor externo: lo que escribas en ellos lo recibe ese proveedor.",
              ],
            },
            {
              term: "El proveedor de alojamiento",
              text: ["guarda el servidor y la base de datos del sitio."],
            },
          ],
        },
        {
          p: [
            "Algunos de estos proveedores pueden tratar los datos fuera de Panamá. También entregaremos datos a una autoridad cuando la ley nos obligue.",
          ],
        },
      ],
    },
    {
      id: "derechos",
      title: "Tus derechos y cómo ejercerlos",
      blocks: [
        { p: ["La Ley 81 de 2019 te reconoce estos derechos sobre tus datos personales:"] },
        {
          list: [
            { term: "Acceso", text: ["saber qué datos tuyos tenemos, para qué y a quién se los hemos comunicado."] },
            { term: "Rectificación", text: ["corregir los datos incorrectos o incompletos."] },
            { term: "Cancelación", text: ["pedir que borremos tus datos cuando ya no sean necesarios o no tengamos base para tenerlos."] },
            { term: "Oposición", text: ["pedir que dejemos de usar tus datos para un fin concreto, por un motivo fundado."] },
            {
              term: "Portabilidad",
              text: ["recibir tus datos en un formato estructurado y de uso común, para llevarlos a otro servicio."],
            },
          ],
        },
        {
          p: [
            "Para ejercerlos, escríbenos a ",
            EMAIL,
            " desde el email de tu cuenta, o usa el ",
            CONTACT,
            ", e indica qué derecho quieres ejercer. Si hace falta, te pediremos confirmar tu identidad antes de entregar o cambiar datos. Te responderemos dentro del plazo que fija la ley.",
          ],
        },
        {
          p: [
            "Tu nombre y tu email también los puedes corregir tú mismo en ",
            { to: "/profile", label: "tu perfil" },
            ". Si no quedas conforme con nuestra respuesta, puedes acudir a la Autoridad Nacional de Transparencia y Acceso a la Información (ANTAI).",
          ],
        },
      ],
    },
    {
      id: "cambios",
      title: "Cambios en esta política",
      blocks: [
        {
          p: ["Si cambiamos lo que hacemos con tus datos, actualizaremos esta página y su fecha de actualización."],
        },
      ],
    },
  ],
};

export const TERMS: LegalPage = {
  title: "Términos de uso",
  intro: `Las reglas para usar el sitio de ${SITE.name}: tu cuenta, el blog, el directorio, los asistentes de IA y la suscripción Premium.`,
  updated: LEGAL_UPDATED,
  sections: [
    {
      id: "aceptacion",
      title: "Quiénes somos y qué aceptas",
      blocks: [
        {
          p: [
            `Este sitio es de ${SITE.legalName}, de ${SITE.city}, Panamá. Al usarlo o al crear una cuenta aceptas estos términos y nuestra `,
            { to: LEGAL_PATHS.privacy, label: "política de privacidad" },
            ". Los servicios de marketing que contrates con nosotros se rigen, además, por la propuesta o el contrato que firmemos.",
          ],
        },
      ],
    },
    {
      id: "cuenta",
      title: "Tu cuenta",
      blocks: [
        {
          list: [
            { text: ["Usa tu nombre y un email que sea tuyo; una cuenta es de una sola persona."] },
            { text: ["Cuida tu contraseña. Si crees que alguien más entró a tu cuenta, cámbiala y avísanos."] },
            {
              text: [
                "Podemos suspender o cerrar una cuenta que se use para abusar del sitio, publicar contenido prohibido o engañar a otras personas.",
              ],
            },
            { text: ["Puedes pedirnos que eliminemos tu cuenta cuando quieras, escribiéndonos a ", EMAIL, "."] },
          ],
        },
      ],
    },
    {
      id: "blog",
      title: "Lo que publicas en el blog",
      blocks: [
        {
          p: [
            "Lo que escribes es tuyo y eres responsable de ello. Al publicarlo nos das permiso para mostrarlo en el sitio, en su feed RSS y en los buscadores, mientras siga publicado.",
          ],
        },
        {
          list: [
            { text: ["No publiques nada ilegal, ofensivo, engañoso, publicidad no pedida ni textos o imágenes de otros sin su permiso."] },
            { text: ["Podemos retirar un artículo que no cumpla estas reglas."] },
            { text: ["Por seguridad, del HTML de tus artículos solo se conservan los formatos básicos y los enlaces seguros."] },
          ],
        },
      ],
    },
    {
      id: "directorio",
      title: "El directorio de restaurantes y negocios",
      blocks: [
        {
          p: [
            "Revisamos la información de los negocios, pero horarios, precios y datos de contacto pueden cambiar: confírmalos con el negocio antes de ir. Si eres el dueño y algo está mal, escríbenos por el ",
            CONTACT,
            " y lo corregimos.",
          ],
        },
        {
          p: [
            "La API pública y el servidor MCP se pueden usar para consultar el directorio con un uso razonable; tienen un límite de peticiones por minuto.",
          ],
        },
      ],
    },
    {
      id: "asistentes",
      title: "Los asistentes de IA",
      blocks: [
        {
          p: [
            "Amy, Roger y Yodda responden con inteligencia artificial. Sus respuestas son orientativas, pueden contener errores y no sustituyen la asesoría de un abogado ni de otro profesional: antes de tomar una decisión legal o de negocio, consúltala con uno.",
          ],
        },
        { p: ["Los chats funcionan en la plataforma de un proveedor externo, que recibe lo que escribas en ellos."] },
      ],
    },
    {
      id: "premium",
      title: "La suscripción Premium",
      blocks: [
        {
          list: [
            {
              text: [
                `Cuesta ${PREMIUM_PRICE_TEXT}, se cobra por adelantado cada mes a través de Stripe y se renueva sola hasta que la canceles. Da acceso a Amy y a Roger.`,
              ],
            },
            {
              text: [
                "Puedes cancelarla cuando quieras desde ",
                { to: "/profile", label: "tu perfil" },
                " («Gestionar suscripción»): no se vuelve a cobrar y conservas el acceso hasta el final del mes ya pagado.",
              ],
            },
            { text: ["Si ves un cobro que no reconoces, escríbenos a ", EMAIL, " y lo revisamos."] },
          ],
        },
      ],
    },
    {
      id: "propiedad",
      title: "Marcas y contenido del sitio",
      blocks: [
        {
          p: [
            `Los textos, diseños, logotipos y marcas de ${SITE.name} son nuestros o de quienes nos dieron permiso. Puedes enlazar y citar nuestras páginas; no copies el sitio ni lo presentes como tuyo.`,
          ],
        },
      ],
    },
    {
      id: "responsabilidad",
      title: "Disponibilidad y responsabilidad",
      blocks: [
        {
          p: [
            "Hacemos lo posible para que el sitio funcione bien y sin interrupciones, pero puede haber pausas por mantenimiento o fallas. No respondemos por daños que vengan del contenido que publican otras personas, de la información de los negocios o de las respuestas de los asistentes de IA, salvo lo que la ley no permita excluir.",
          ],
        },
      ],
    },
    {
      id: "cambios",
      title: "Cambios y ley aplicable",
      blocks: [
        {
          p: [
            "Si cambiamos estos términos, actualizaremos esta página y su fecha de actualización. Estos términos se rigen por las leyes de la República de Panamá.",
          ],
        },
        { p: ["¿Dudas? Escríbenos a ", EMAIL, " o usa el ", CONTACT, "."] },
      ],
    },
  ],
};
