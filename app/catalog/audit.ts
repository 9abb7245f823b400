/** Labels of the audit trail's record types (shared by the audit page and its model). */
export const AUDIT_ENTITIES = [
  { slug: "restaurant", label: "Restaurantes" },
  { slug: "business", label: "Negocios" },
  { slug: "profile", label: "Miembros" },
  { slug: "business_owner", label: "Propietarios" },
  { slug: "free_plan", label: "Planes gratuitos" },
  { slug: "contact_message", label: "Mensajes de contacto" },
  { slug: "blog", label: "Blog" },
] as const;

/** Spanish names of the fields that appear in the trail's "before → after" lines. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  is_active: "Activo",
  is_verified: "Verificado",
  is_admin: "Administrador",
  handled_at: "Atendido",
  handled_by: "Atendido por",
  nombre: "Nombre",
  descripcion: "Descripción",
  direccion: "Dirección",
  telefono: "Teléfono",
  horario: "Horario",
  horario_semanal: "Horario semanal",
  latitud: "Latitud",
  longitud: "Longitud",
  rating: "Calificación",
  categoria: "Categoría",
  provincia: "Provincia",
  industria: "Industria",
  website: "Sitio web",
  website_url: "Sitio web",
  facebook_url: "Facebook",
  instagram_url: "Instagram",
  maps_url: "Google Maps",
  special_dish: "Plato especial",
  special_service: "Servicio especial",
  customer_reviews: "Reseñas",
  plan_type: "Plan",
  especialidades: "Especialidades",
  imagen: "Imagen",
  slug: "Dirección web",
  email: "Email",
  full_name: "Nombre completo",
  days_granted: "Días",
  expires_at: "Vence",
  user_id: "Cuenta",
};

export function auditFieldLabel(field: string): string {
  return AUDIT_FIELD_LABELS[field] ?? field;
}
