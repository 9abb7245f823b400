/** The week's hours of an entry page, laid out by the loader (lib/opening-hours weekRows). */
export type WeekRow = { day: string; hours: string };

/** The weekly schedule as a small table: 'Lunes · 11:00-22:00', 'Domingo · Cerrado'. */
export function WeeklyHours({ rows }: { rows: WeekRow[] }) {
  return (
    <table className="mt-1 text-sm">
      <caption className="sr-only">Horario semanal (hora de Panamá)</caption>
      <tbody>
        {rows.map((r) => (
          <tr key={r.day}>
            <th scope="row" className="py-0.5 pr-4 text-left font-semibold text-ink">
              {r.day}
            </th>
            <td className="py-0.5 text-muted">{r.hours}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
