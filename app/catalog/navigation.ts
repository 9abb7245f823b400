import { INDUSTRIES, industryPath } from "./industries";
import { PROVINCES, provincePath } from "./provinces";

export type NavLink = { to: string; label: string };

export const MAIN_LINKS: NavLink[] = [
  { to: "/", label: "Inicio" },
  { to: "/blog", label: "Blog" },
  { to: "/contact", label: "Contacto" },
];

export const ABOUT_LINKS: NavLink[] = [
  { to: "/about", label: "Sobre Nosotros" },
  { to: "/services", label: "Servicios" },
  { to: "/ai-solutions", label: "Soluciones IA" },
];

export const RESTAURANT_LINKS: NavLink[] = PROVINCES.map((p) => ({
  to: provincePath(p.slug),
  label: p.label,
}));

export const BUSINESS_LINKS: NavLink[] = INDUSTRIES.map((i) => ({
  to: industryPath(i.slug),
  label: i.label,
}));

export const ACCOUNT_LINKS: NavLink[] = [
  { to: "/profile", label: "Mi Perfil" },
  { to: "/mi-negocio", label: "Mi negocio" },
  { to: "/my-blogs", label: "Mis Blogs" },
  { to: "/write-blog", label: "Escribir Blog" },
];
