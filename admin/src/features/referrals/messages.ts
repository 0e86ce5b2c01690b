import { useCallback } from 'react'
import { useI18n } from '../../lib/i18n'

/** The referral screens' own wording, English and Spanish. Quoted spec texts are kept exactly. */
const en = {
  title: 'Referrals',
  subtitle: 'Friends invited to {program}, and the ones held for review.',
  search: 'Search by name or e-mail…',
  allStatuses: 'All statuses',
  empty: 'No referrals found',
  notFound: 'Referral not found',
  'col.referrer': 'Referrer',
  'col.referred': 'Referred participant',
  'col.status': 'Status',
  'col.points': 'Points',
  'col.signal': 'Review signal',
  'col.created': 'Created',
  'col.comments': 'Admin comments',
  'status.pending': 'Pending',
  'status.approved': 'Approved',
  'status.rejected': 'Rejected',
  'hold.same_address': 'Same e-mail as the referrer',
  'hold.disposable_domain': 'Disposable e-mail domain',
  'hold.same_device': 'Same device as the referrer',
  'hold.same_ip': 'Same network address as the referrer',
  'hold.none': '—',
  tabs: 'Referral sections',
  'tab.overview': 'Overview',
  'tab.activity': 'Admin Activity Log',
  'tab.history': 'Participant History',
  detailTitle: 'Referral #{id}',
  detailDescription: '{referrer} invited {referred} on {date}.',
  review: 'Review',
  reviewHint: 'Approving credits the referrer the referral challenge points once.',
  comments: 'Comments',
  approve: 'Approve',
  reject: 'Reject',
  decided: 'This referral was {status}; it can no longer change.',
  failed: 'Failed to update referral',
  unexpected: 'An unexpected error occurred',
  updated: 'Referral {status}',
  noActivity: 'No changes yet.',
  automatic: 'Automatic (e-mail verified)',
  change: '{from} → {to}',
  'history.referrer': 'Referrals made by {name}',
  'history.referred': 'How {name} joined',
  more: 'Next page',
  previous: 'Previous page',
}
type ReferralMessage = keyof typeof en

const es: Record<ReferralMessage, string> = {
  title: 'Referidos',
  subtitle: 'Amigos invitados a {program}, y los retenidos para revisión.',
  search: 'Buscar por nombre o correo…',
  allStatuses: 'Todos los estados',
  empty: 'No se encontraron referidos',
  notFound: 'Referido no encontrado',
  'col.referrer': 'Referente',
  'col.referred': 'Participante referido',
  'col.status': 'Estado',
  'col.points': 'Puntos',
  'col.signal': 'Señal de revisión',
  'col.created': 'Creado',
  'col.comments': 'Comentarios del administrador',
  'status.pending': 'Pendiente',
  'status.approved': 'Aprobado',
  'status.rejected': 'Rechazado',
  'hold.same_address': 'Mismo correo que el referente',
  'hold.disposable_domain': 'Dominio de correo desechable',
  'hold.same_device': 'Mismo dispositivo que el referente',
  'hold.same_ip': 'Misma dirección de red que el referente',
  'hold.none': '—',
  tabs: 'Secciones del referido',
  'tab.overview': 'Resumen',
  'tab.activity': 'Registro de actividad',
  'tab.history': 'Historial del participante',
  detailTitle: 'Referido #{id}',
  detailDescription: '{referrer} invitó a {referred} el {date}.',
  review: 'Revisión',
  reviewHint: 'Aprobar acredita una sola vez al referente los puntos del reto de referidos.',
  comments: 'Comentarios',
  approve: 'Aprobar',
  reject: 'Rechazar',
  decided: 'Este referido fue {status}; ya no puede cambiar.',
  failed: 'No se pudo actualizar el referido',
  unexpected: 'Ocurrió un error inesperado',
  updated: 'Referido {status}',
  noActivity: 'Aún no hay cambios.',
  automatic: 'Automático (correo verificado)',
  change: '{from} → {to}',
  'history.referrer': 'Referidos de {name}',
  'history.referred': 'Cómo llegó {name}',
  more: 'Página siguiente',
  previous: 'Página anterior',
}

const catalogs = { en, es } as const

export function referralText(locale: string, key: ReferralMessage, params?: Record<string, string | number>): string {
  const template: string = (catalogs as Record<string, Record<ReferralMessage, string>>)[locale]?.[key] ?? en[key]
  return params ? template.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole)) : template
}

/** `rt('empty')`: the feature's message in the console's language. */
export function useReferralText() {
  const { locale } = useI18n()
  return useCallback((key: ReferralMessage, params?: Record<string, string | number>) => referralText(locale, key, params), [locale])
}
