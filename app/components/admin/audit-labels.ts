/** Labels of the audit trail's record types (shared by the audit page and its model). */
export const AUDIT_ENTITIES = [
  { slug: "restaurant", label: "Restaurantes" },
  { slug: "business", label: "Negocios" },
  { slug: "profile", label: "Miembros" },
  { slug: "business_owner", label: "Propietarios" },
  { slug: "free_plan", label: "Planes gratuitos" },
  { slug: "contact_message", label: "Leads" },
  { slug: "blog", label: "Blog" },
] as const;
