/**
 * The whole site at a glance: SPEC §2's route table plus DESIGN's additions (entry pages, search,
 * leads, audit, sitemap). Pages owned by later issues answer with a short 'Próximamente' page.
 */
import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { PROVINCES } from "./catalog/provinces";

const soon = (path: string, id: string) => route(path, "routes/coming-soon.tsx", { id: `soon-${id}` });

export default [
  index("routes/marketing/home.tsx"),
  soon("about", "about"),
  soon("services", "services"),
  soon("ai-solutions", "ai-solutions"),
  soon("ai-solutions/amy", "amy"),
  soon("ai-solutions/roger", "roger"),
  soon("ai-solutions/yodda", "yodda"),
  soon("ai-solutions/roger-chat", "roger-chat"),
  soon("local-ai-pricing", "local-ai-pricing"),
  soon("contact", "contact"),

  soon("blog", "blog"),
  soon("blog/:slug", "blog-article"),
  soon("my-blogs", "my-blogs"),
  soon("write-blog", "write-blog"),
  soon("edit-blog/:id", "edit-blog"),

  route("auth", "routes/account/auth.tsx"),
  route("auth/recuperar", "routes/account/forgot-password.tsx"),
  route("auth/nueva-contrasena", "routes/account/reset-password.tsx"),
  route("logout", "routes/account/logout.tsx"),
  route("profile", "routes/account/profile.tsx"),

  route("admin", "routes/admin/dashboard.tsx"),
  route("admin-members", "routes/admin/members.tsx"),
  soon("admin/restaurant/new", "admin-restaurant-new"),
  soon("admin/restaurant/edit/:id", "admin-restaurant-edit"),
  soon("admin/restaurant/search", "admin-restaurant-search"),
  soon("admin/business/new", "admin-business-new"),
  soon("admin/business/edit/:id", "admin-business-edit"),
  soon("admin/free-plans", "admin-free-plans"),
  soon("admin/leads", "admin-leads"),
  soon("admin/audit", "admin-audit"),

  ...PROVINCES.map((p) => soon(`restaurantes-${p.slug}`, `province-${p.slug}`)),
  soon("negocios/:industria", "industry"),
  soon("restaurante/:slug", "restaurant-entry"),
  soon("negocio/:slug", "business-entry"),
  soon("buscar", "search"),

  route("api/auth/*", "routes/api/auth.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
