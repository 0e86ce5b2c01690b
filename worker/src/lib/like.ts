import { type Column, type SQL, sql } from 'drizzle-orm'

const escape = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`)

/** `column LIKE 'text%'` with the user's text taken literally (its % and _ escaped). */
export const startsWith = (column: Column | SQL, text: string): SQL => sql`${column} LIKE ${`${escape(text)}%`} ESCAPE '\\'`

/** `column LIKE '%text%'` with the user's text taken literally. */
export const contains = (column: Column | SQL, text: string): SQL => sql`${column} LIKE ${`%${escape(text)}%`} ESCAPE '\\'`
