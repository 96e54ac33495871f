/** Text as a LIKE/ILIKE pattern matches it literally: its %, _ and \ escaped (PostgreSQL's default escape is \). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
