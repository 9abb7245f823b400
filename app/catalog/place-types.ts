/**
 * Spanish names of Google Places types, for the specialties of an imported listing (up to
 * five of its types), which public pages show. A type missing here is shown with its words spaced.
 */
const PLACE_TYPE_LABELS: Record<string, string> = {
  restaurant: "Restaurante",
  food: "Comida",
  bar: "Bar",
  cafe: "Café",
  coffee_shop: "Cafetería",
  bakery: "Panadería",
  meal_takeaway: "Comida para llevar",
  meal_delivery: "Entrega a domicilio",
  seafood_restaurant: "Mariscos",
  fast_food_restaurant: "Comida rápida",
  pizza_restaurant: "Pizzería",
  hamburger_restaurant: "Hamburguesas",
  steak_house: "Carnes",
  barbecue_restaurant: "Parrilla",
  mexican_restaurant: "Comida mexicana",
  italian_restaurant: "Comida italiana",
  chinese_restaurant: "Comida china",
  japanese_restaurant: "Comida japonesa",
  sushi_restaurant: "Sushi",
  vegetarian_restaurant: "Vegetariano",
  breakfast_restaurant: "Desayunos",
  brunch_restaurant: "Brunch",
  ice_cream_shop: "Heladería",
  dessert_shop: "Postres",
  lawyer: "Abogados",
  dentist: "Odontología",
  doctor: "Médico",
  hospital: "Hospital",
  pharmacy: "Farmacia",
  beauty_salon: "Salón de belleza",
  hair_care: "Peluquería",
  spa: "Spa",
  gym: "Gimnasio",
  hardware_store: "Ferretería",
  home_goods_store: "Artículos para el hogar",
  general_contractor: "Contratista",
  electrician: "Electricista",
  plumber: "Plomería",
  roofing_contractor: "Techos",
  store: "Tienda",
  clothing_store: "Ropa",
  supermarket: "Supermercado",
  school: "Escuela",
  university: "Universidad",
  travel_agency: "Agencia de viajes",
  tourist_attraction: "Atracción turística",
  lodging: "Hospedaje",
  hotel: "Hotel",
  car_repair: "Taller mecánico",
  accounting: "Contabilidad",
  real_estate_agency: "Bienes raíces",
  insurance_agency: "Seguros",
};

export function placeTypeLabel(type: string): string {
  const known = PLACE_TYPE_LABELS[type];
  if (known) return known;
  const words = type.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
