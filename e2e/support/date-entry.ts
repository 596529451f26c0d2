/**
 * A date "YYYY-MM-DD" as a person types it in the app's language (issue #27 item 15): 25/12/2026 in pt_BR,
 * 12/25/2026 in en_US. Spelled out here rather than taken from the app, so a field in the wrong order fails.
 */
export function typedDate(isoDate: string, language: 'en_US' | 'pt_BR'): string {
  const [year, month, day] = isoDate.split('-');
  return language === 'pt_BR' ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}
