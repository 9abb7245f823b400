/**
 * The audit trail's record types (the model's `AuditEntity` is derived from this list, so a new type is named once): `label`
 * names the filter, `one` a single entry.
 */
export const AUDIT_ENTITIES = [
  { slug: "restaurant", label: "Restaurantes", one: "Restaurante" },
  { slug: "business", label: "Negocios", one: "Negocio" },
  { slug: "profile", label: "Miembros", one: "Miembro" },
  { slug: "business_owner", label: "Propietarios", one: "Propietario de negocio" },
  { slug: "free_plan", label: "Planes gratuitos", one: "Plan gratuito" },
  { slug: "contact_message", label: "Mensajes de contacto", one: "Mensaje de contacto" },
  { slug: "blog", label: "Blog", one: "Artículo" },
  { slug: "change_request", label: "Cambios de propietarios", one: "Cambio pedido por el propietario" },
] as const;

/** The Spanish name of one entry of `entity` (the slug itself for a type this list does not know). */
export function auditEntityLabel(entity: string): string {
  return AUDIT_ENTITIES.find((e) => e.slug === entity)?.one ?? entity;
}

/** Spanish names of the fields that appear in the trail's "before → after" lines. */
const AUDIT_FIELD_LABELS: Record<string, string> = {
  is_active: "Activo",
  is_verified: "Verificado",
  is_admin: "Administrador",
  sesiones_abiertas: "Sesiones abiertas",
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
  granted_by: "Otorgado por",
  business_id: "Negocio",
  google_place_id: "Id de Google",
  pending_email: "Email pendiente",
  email_verified: "Email confirmado",
  name: "Nombre",
  phone: "Teléfono",
  message: "Mensaje",
  service: "Servicio",
  title: "Título",
  content: "Contenido",
  excerpt: "Extracto",
  category: "Categoría",
  tags: "Etiquetas",
  status: "Estado",
  views: "Vistas",
  author_id: "Autor",
  role: "Rol",
  closes_on_holidays: "Cierra los feriados",
  cierres_anadidos: "Días de cierre añadidos",
  cierre: "Día de cierre",
  motivo: "Motivo",
  whatsapp: "WhatsApp",
  info_confirmed_at: "Información confirmada",
  plan_source: "Origen del plan",
  plan_renews_at: "Renovación del plan",
  plan_cancel_at_period_end: "Cancela al final del periodo",
  plan_payment_failed_at: "Pago fallido",
  review_status: "Revisión",
};

export function auditFieldLabel(field: string): string {
  return AUDIT_FIELD_LABELS[field] ?? field;
}
