/**
 * The admin forms' limits, without Zod: the admin pages without a form (dashboard, search) need only
 * these numbers, and the schemas in ./admin use the same ones.
 */
export const LIMITS = {
  nombre: 120,
  direccion: 300,
  descripcion: 2000,
  telefono: 40,
  horario: 300,
  url: 500,
  /** A full Google Maps place link (its data= part included) runs past 500 characters. */
  ubicacion: 2000,
  specialDish: 200,
  reviews: 2000,
  especialidad: 60,
  especialidades: 20,
  search: 100,
} as const;
