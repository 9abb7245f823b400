/** "El nombre es demasiado largo", "La descripción es demasiado larga", "Las reseñas son demasiado largas". */
export const demasiadoLargo = (label: string, max: number) => {
  const [verb, ending] = /^las\s/i.test(label)
    ? ["son", "as"]
    : /^los\s/i.test(label)
      ? ["son", "os"]
      : /^la\s/i.test(label)
        ? ["es", "a"]
        : ["es", "o"];
  return `${label} ${verb} demasiado larg${ending} (máximo ${max} caracteres)`;
};
