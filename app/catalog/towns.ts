/**
 * Approximate centres (WGS 84) of the towns and Ciudad de Panamá neighbourhoods the demo data and
 * the benchmark seeder place listings in. Not a gazetteer: good to a few hundred metres, enough
 * for 'cerca de mí' and 'Cómo llegar' to behave like the real thing. `radiusKm` is how far listings
 * may be scattered around the centre: small where the place is a causeway, an island village or a
 * beach strip, so that jittered listings stay roughly on land.
 */
import type { ProvinceSlug } from "./provinces";

export type Town = { lat: number; lng: number; provincia: ProvinceSlug; radiusKm: number };

/** Default scatter around a town centre, in km. */
const TOWN_RADIUS_KM = 1.2;

const t = (provincia: ProvinceSlug, lat: number, lng: number, radiusKm = TOWN_RADIUS_KM): Town => ({ lat, lng, provincia, radiusKm });

/** Keyed by the name the addresses use («street, town, province»). */
export const TOWN_COORDINATES: Readonly<Record<string, Town>> = {
  // Panamá: the capital's neighbourhoods, and the city as a whole for addresses that name no neighbourhood.
  "Ciudad de Panamá": t("panama", 8.9824, -79.5199),
  "Casco Antiguo": t("panama", 8.9525, -79.5345, 0.3),
  Calidonia: t("panama", 8.965, -79.537, 0.6),
  "Bella Vista": t("panama", 8.983, -79.523, 0.8),
  "El Cangrejo": t("panama", 8.9885, -79.528, 0.5),
  "El Carmen": t("panama", 8.9915, -79.5225, 0.6),
  Obarrio: t("panama", 8.987, -79.517, 0.5),
  Marbella: t("panama", 8.981, -79.515, 0.5),
  Paitilla: t("panama", 8.979, -79.5085, 0.4),
  "Punta Pacífica": t("panama", 8.9805, -79.5025, 0.3),
  "San Francisco": t("panama", 8.9935, -79.504, 1.0),
  "Coco del Mar": t("panama", 8.9975, -79.496, 0.5),
  "Parque Lefevre": t("panama", 9.008, -79.487, 0.8),
  "Costa del Este": t("panama", 9.014, -79.462, 0.8),
  "Río Abajo": t("panama", 9.0225, -79.49, 0.7),
  "Pueblo Nuevo": t("panama", 9.013, -79.514, 0.6),
  "Hato Pintado": t("panama", 9.018, -79.506, 0.5),
  Betania: t("panama", 9.026, -79.53, 1.0),
  "Tumba Muerto": t("panama", 9.024, -79.525, 0.5),
  "El Dorado": t("panama", 9.027, -79.537, 0.6),
  "Juan Díaz": t("panama", 9.0445, -79.446, 1.0),
  "Los Pueblos": t("panama", 9.044, -79.454, 0.5),
  Amador: t("panama", 8.925, -79.5377, 0.25),
  Clayton: t("panama", 9.002, -79.575, 0.8),
  "Ciudad del Saber": t("panama", 8.9985, -79.583, 0.4),
  Gamboa: t("panama", 9.117, -79.696, 0.5),

  "La Chorrera": t("panama-oeste", 8.88, -79.7833),
  Arraiján: t("panama-oeste", 8.95, -79.66, 1.0),
  "Arraiján Cabecera": t("panama-oeste", 8.95, -79.66, 1.0),
  "Vista Alegre": t("panama-oeste", 8.93, -79.7, 1.0),
  "Nuevo Chorrillo": t("panama-oeste", 8.923, -79.672, 0.8),
  Veracruz: t("panama-oeste", 8.89, -79.633, 0.6),
  Chame: t("panama-oeste", 8.577, -79.884, 0.8),
  "Playa Coronado": t("panama-oeste", 8.535, -79.898, 0.6),
  "San Carlos": t("panama-oeste", 8.488, -79.95, 0.6),

  David: t("chiriqui", 8.4273, -82.4308),
  Boquete: t("chiriqui", 8.7804, -82.4413, 1.0),
  "Bajo Boquete": t("chiriqui", 8.7804, -82.4413, 0.8),
  "Alto Boquete": t("chiriqui", 8.74, -82.433, 0.8),
  Volcán: t("chiriqui", 8.772, -82.636, 1.0),
  "Cerro Punta": t("chiriqui", 8.849, -82.572, 0.8),
  Concepción: t("chiriqui", 8.513, -82.62, 1.0),
  "Puerto Armuelles": t("chiriqui", 8.284, -82.862, 0.6),

  Penonomé: t("cocle", 8.5188, -80.3573),
  Aguadulce: t("cocle", 8.241, -80.545, 1.0),
  "El Valle de Antón": t("cocle", 8.6, -80.129, 1.0),
  Natá: t("cocle", 8.333, -80.519, 0.8),
  Antón: t("cocle", 8.397, -80.262, 0.8),
  Farallón: t("cocle", 8.362, -80.135, 0.6),
  "Playa Blanca": t("cocle", 8.349, -80.154, 0.4),

  Colón: t("colon", 9.3592, -79.9014, 0.6),
  "Colón 2000": t("colon", 9.3545, -79.892, 0.3),
  Sabanitas: t("colon", 9.342, -79.8, 0.8),
  Portobelo: t("colon", 9.5526, -79.6553, 0.4),
  "Buena Vista": t("colon", 9.27, -79.695, 0.8),

  Chitré: t("herrera", 7.9618, -80.4289),
  Monagrillo: t("herrera", 7.986, -80.443, 0.8),
  Parita: t("herrera", 8.0, -80.517, 0.6),
  Pesé: t("herrera", 7.905, -80.617, 0.6),
  Ocú: t("herrera", 7.948, -80.778, 0.6),

  "Las Tablas": t("los-santos", 7.7644, -80.2756, 1.0),
  "La Villa de Los Santos": t("los-santos", 7.937, -80.417, 0.8),
  Guararé: t("los-santos", 7.815, -80.283, 0.6),
  Macaracas: t("los-santos", 7.731, -80.554, 0.6),
  Pedasí: t("los-santos", 7.5286, -80.0265, 0.6),
  "Playa Venao": t("los-santos", 7.433, -80.192, 0.4),
  Tonosí: t("los-santos", 7.403, -80.443, 0.6),

  Santiago: t("veraguas", 8.1004, -80.9833),
  Atalaya: t("veraguas", 8.044, -80.927, 0.6),
  Soná: t("veraguas", 8.011, -81.319, 0.8),
  "Santa Fe": t("veraguas", 8.509, -81.078, 0.6),
  "Santa Catalina": t("veraguas", 7.633, -81.258, 0.4),

  // Bocas del Toro town is on Isla Colón: the addresses name the island.
  "Isla Colón": t("bocas-del-toro", 9.3403, -82.242, 0.5),
  "Isla Bastimentos": t("bocas-del-toro", 9.348, -82.209, 0.3),
  Almirante: t("bocas-del-toro", 9.3, -82.402, 0.6),
  Changuinola: t("bocas-del-toro", 9.43, -82.517, 1.0),

  Metetí: t("darien", 8.5, -77.9667, 0.8),
  "La Palma": t("darien", 8.406, -78.144, 0.3),
  Yaviza: t("darien", 8.156, -77.69, 0.5),
  "El Real": t("darien", 8.133, -77.718, 0.5),
};
