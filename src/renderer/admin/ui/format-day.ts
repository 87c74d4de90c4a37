/** An event day 'yyyy-MM-dd' as 'dd/MM/yyyy' (a calendar day: no time zone shift). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}/${month}/${year}` : day;
}
