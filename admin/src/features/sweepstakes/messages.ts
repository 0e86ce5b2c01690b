import { type Locale, useI18n } from '../../lib/i18n'

/**
 * The fair draw panel's words, en and es (the console's locales). Kept with the feature; the toast
 * titles 'Entries generated', 'Winner assigned' and 'Failed to perform action' are the spec's (admin-console-part-b.md).
 */
const en = {
  title: 'Provably fair draw',
  intro: 'Commit a secret seed before the draw: its SHA-256 is published and entries close. Winners are drawn from the seed, weighted by entries, and the seed is revealed afterwards so anyone can re-run the draw.',
  'status.open': 'Entries open',
  'status.committed': 'Seed committed, entries closed',
  'status.drawn': 'Winners drawn',
  entrants: 'Entrants',
  tickets: 'Entries',
  winnersToDraw: 'Winners to draw',
  commitment: 'Commitment: SHA-256 of the seed',
  seed: 'Seed',
  entriesDigest: 'Entries snapshot digest',
  algorithm: 'Algorithm',
  committedAt: 'Committed',
  drawnAt: 'Drawn',
  commit: 'Generate entries',
  commitConfirm: 'Generate the entries and commit the seed?',
  commitConfirmBody: 'The entries are fixed and the seed committed: participants can no longer buy entries into this sweepstakes. This cannot be undone.',
  draw: 'Draw winners',
  drawConfirm: 'Draw the winners now?',
  drawConfirmBody: 'Winners are drawn from the committed seed and awarded the reward, and the seed is revealed.',
  download: 'Download audit file',
  publicPage: 'Public fairness page',
  winners: 'Winners',
  entryId: 'Entry id',
  participant: 'Participant',
  awarded: 'Awarded',
  notAwarded: 'Not awarded',
  noEntries: 'No entries to draw from yet.',
  staffNote: 'Staff, blocked participants and earlier winners are left out.',
  verifyHint: 'Verify with: node scripts/verify-draw.mjs <audit file>',
  seedCommitted: 'Entries generated',
  winnerAssigned: 'Winner assigned',
  failed: 'Failed to perform action',
  loadFailed: 'The draw could not be loaded.',
} as const

type Key = keyof typeof en

const es: Record<Key, string> = {
  title: 'Sorteo verificable',
  intro: 'Antes del sorteo se compromete una semilla secreta: se publica su SHA-256 y se cierran las participaciones. Los ganadores salen de la semilla, ponderados por participaciones, y la semilla se revela después para que cualquiera pueda repetir el sorteo.',
  'status.open': 'Participaciones abiertas',
  'status.committed': 'Semilla comprometida, participaciones cerradas',
  'status.drawn': 'Ganadores sorteados',
  entrants: 'Participantes',
  tickets: 'Participaciones',
  winnersToDraw: 'Ganadores a sortear',
  commitment: 'Compromiso: SHA-256 de la semilla',
  seed: 'Semilla',
  entriesDigest: 'Resumen de las participaciones',
  algorithm: 'Algoritmo',
  committedAt: 'Comprometida',
  drawnAt: 'Sorteado',
  commit: 'Generar participaciones',
  commitConfirm: '¿Generar las participaciones y comprometer la semilla?',
  commitConfirmBody: 'Los participantes ya no podrán comprar participaciones en este sorteo. No se puede deshacer.',
  draw: 'Sortear ganadores',
  drawConfirm: '¿Sortear los ganadores ahora?',
  drawConfirmBody: 'Los ganadores salen de la semilla comprometida y reciben la recompensa; la semilla se revela.',
  download: 'Descargar archivo de auditoría',
  publicPage: 'Página pública de transparencia',
  winners: 'Ganadores',
  entryId: 'Id de participación',
  participant: 'Participante',
  awarded: 'Otorgado',
  notAwarded: 'No otorgado',
  noEntries: 'Todavía no hay participaciones para sortear.',
  staffNote: 'Se excluyen el personal, los participantes bloqueados y los ganadores anteriores.',
  verifyHint: 'Verifícalo con: node scripts/verify-draw.mjs <archivo de auditoría>',
  seedCommitted: 'Participaciones generadas',
  winnerAssigned: 'Ganador asignado',
  failed: 'No se pudo realizar la acción',
  loadFailed: 'No se pudo cargar el sorteo.',
}

const catalogs: Record<Locale, Record<Key, string>> = { en, es }

/** `t` for the panel's own words, in the console's language. */
export function useFairDrawText() {
  const { locale, formatNumber } = useI18n()
  return { t: (key: Key) => catalogs[locale]?.[key] ?? en[key], formatNumber, locale }
}
