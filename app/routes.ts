/**
 * The whole site at a glance: every page, endpoint and machine interface, by area. Each section's
 * modules belong to one area of the product.
 */
import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { PROVINCES } from "./catalog/provinces";

export default [
  // ---- marketing
  index("routes/marketing/home.tsx"),
  route("about", "routes/marketing/about.tsx"),
  route("services", "routes/marketing/services.tsx"),
  route("ai-solutions", "routes/marketing/ai-solutions.tsx"),
  route("ai-solutions/yodda", "routes/marketing/yodda.tsx"),
  route("ai-solutions/roger-chat", "routes/marketing/roger-chat.tsx"),
  route("local-ai-pricing", "routes/marketing/local-ai-pricing.tsx"),
  route("contact", "routes/marketing/contact.tsx"),
  route("privacidad", "routes/marketing/privacy.tsx"),
  route("terminos", "routes/marketing/terms.tsx"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("sitemap/:part", "routes/seo/sitemap-part.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("llms.txt", "routes/seo/llms-txt.ts"),

  // ---- premium assistants
  // One module for both, under the ids they always had (npm run js-budget names them).
  route("ai-solutions/amy", "routes/premium/assistant.tsx", { id: "routes/premium/amy" }),
  route("ai-solutions/roger", "routes/premium/assistant.tsx", { id: "routes/premium/roger" }),
  route("api/stripe/webhook", "routes/api/stripe-webhook.ts"),
  route("api/check-subscription", "routes/api/check-subscription.ts"),
  route("api/google-business-profile", "routes/api/google-business-profile.ts"),

  // ---- blog
  route("blog", "routes/blog/index.tsx"),
  route("blog/rss.xml", "routes/blog/rss.ts"),
  route("blog/:slug", "routes/blog/article.tsx"),
  route("my-blogs", "routes/blog/my-blogs.tsx"),
  route("write-blog", "routes/blog/write.tsx", { id: "write-blog" }),
  route("edit-blog/:id", "routes/blog/write.tsx", { id: "edit-blog" }),
  route("api/blogs", "routes/api/blogs.ts"),

  // ---- accounts
  route("auth", "routes/account/auth.tsx"),
  route("auth/recuperar", "routes/account/forgot-password.tsx"),
  route("auth/nueva-contrasena", "routes/account/reset-password.tsx"),
  route("logout", "routes/account/logout.tsx"),
  route("profile", "routes/account/profile.tsx"),
  route("api/auth/*", "routes/api/auth.ts"),

  // ---- admin
  route("admin", "routes/admin/dashboard.tsx"),
  route("admin-members", "routes/admin/members.tsx"),
  route("admin/restaurant/new", "routes/admin/listing-form.tsx", { id: "admin-restaurant-new" }),
  route("admin/restaurant/edit/:id", "routes/admin/listing-form.tsx", { id: "admin-restaurant-edit" }),
  route("admin/restaurant/search", "routes/admin/restaurant-search.tsx"),
  route("admin/business/new", "routes/admin/listing-form.tsx", { id: "admin-business-new" }),
  route("admin/business/edit/:id", "routes/admin/listing-form.tsx", { id: "admin-business-edit" }),
  route("admin/free-plans", "routes/admin/free-plans.tsx"),
  route("admin/leads", "routes/admin/leads.tsx"),
  route("admin/audit", "routes/admin/audit.tsx"),
  route("admin/correos", "routes/admin/mail.tsx"),
  route("admin/visibilidad", "routes/admin/visibility.tsx"),
  route("admin/visibilidad/:tipo/:id", "routes/admin/visibility-entry.tsx"),

  // ---- directory
  // Markdown twins first: `:slug.md` is a parameter with a static suffix, which React Router
  // ranks above a bare `:slug`, so /restaurante/x.md never reaches the HTML page as slug "x.md".
  ...PROVINCES.map((p) => route(`restaurantes-${p.slug}.md`, "routes/directory/listing-markdown.ts", { id: `province-md-${p.slug}` })),
  route("negocios/:industria.md", "routes/directory/listing-markdown.ts", { id: "industry-md" }),
  route("restaurante/:slug.md", "routes/directory/entry-markdown.ts", { id: "restaurant-md" }),
  route("negocio/:slug.md", "routes/directory/entry-markdown.ts", { id: "business-md" }),
  ...PROVINCES.map((p) => route(`restaurantes-${p.slug}`, "routes/directory/province.tsx", { id: `province-${p.slug}` })),
  route("negocios/:industria", "routes/directory/industry.tsx"),
  // One module for both entry pages, under the ids they always had (npm run js-budget names them).
  route("restaurante/:slug", "routes/directory/entry.tsx", { id: "routes/directory/restaurant" }),
  route("negocio/:slug", "routes/directory/entry.tsx", { id: "routes/directory/business" }),
  route("buscar", "routes/directory/search.tsx"),
  route("ir/:accion/:tipo/:id", "routes/directory/tap.tsx"),
  route("api/ir/:accion/:tipo/:id", "routes/api/tap-ping.ts"),

  // ---- owners: claims and submissions, «Mi negocio», special closures, Local AI plans
  route("mi-negocio", "routes/owners/mine.tsx"),
  route("mi-negocio/nuevo", "routes/owners/submit.tsx"),
  route("mi-negocio/plan", "routes/owners/plans-choose.tsx"),
  route("mi-negocio/informe-mensual", "routes/owners/report-subscription.ts"),
  route("mi-negocio/:tipo/:id", "routes/owners/mine-listing.tsx"),
  route("mi-negocio/:tipo/:id/cierres", "routes/owners/closures.tsx"),
  route("mi-negocio/:tipo/:id/plan", "routes/owners/plans-listing.tsx"),
  route("mi-negocio/:tipo/:id/visibilidad", "routes/owners/visibility.tsx"),
  route("reclamar/confirmar", "routes/owners/claim-confirm.tsx"),
  route("informes/baja", "routes/owners/report-unsubscribe.tsx"),
  route("reclamar/:tipo/:slug", "routes/owners/claim.tsx"),
  route("admin/solicitudes", "routes/admin/requests.tsx"),
  route("admin/cambios", "routes/admin/changes.tsx"),

  // ---- Local AI Search: the directory for machines
  route("api/v1", "routes/api/v1/docs.tsx"),
  route("api/v1/openapi.json", "routes/api/v1/openapi.ts"),
  route("api/v1/buscar", "routes/api/v1/buscar.ts"),
  route("api/v1/catalogo", "routes/api/v1/catalogo.ts"),
  route("api/v1/restaurantes/:slug", "routes/api/v1/entry.ts", { id: "api-v1-restaurante" }),
  route("api/v1/negocios/:slug", "routes/api/v1/entry.ts", { id: "api-v1-negocio" }),
  route("api/v1/*", "routes/api/v1/not-found.ts"),
  route("mcp", "routes/api/mcp.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
