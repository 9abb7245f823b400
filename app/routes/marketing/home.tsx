import { Link } from "react-router";
import type { Route } from "./+types/home";
import { buttonClass } from "~/components/ui/button";
import { seo } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Panama VIP IA | Marketing con IA para negocios en Panamá",
    description: "Storytelling, marketing con propósito y visibilidad local con inteligencia artificial para negocios de Panamá.",
    path: "/",
  });

export default function Home() {
  return (
    <section className="bg-gradient-to-br from-ocean-950 via-ocean-900 to-ocean-700 px-4 py-24 text-white sm:px-6">
      <div className="mx-auto max-w-4xl text-center">
        <h1 className="text-4xl font-extrabold text-white sm:text-6xl">Marketing con IA para negocios de Panamá</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-ocean-100">
          Contamos la historia de tu negocio y hacemos que los clientes te encuentren, también cuando preguntan a un asistente de IA.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/ai-solutions" className={buttonClass("accent", "lg")}>
            Explorar Soluciones IA
          </Link>
          <Link to="/restaurantes-panama" className={buttonClass("outline", "lg", "bg-transparent text-white border-white/40 hover:bg-white/10")}>
            Ver Restaurantes
          </Link>
        </div>
      </div>
    </section>
  );
}
