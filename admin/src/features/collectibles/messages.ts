import { useCallback } from 'react'
import { useI18n } from '../../lib/i18n'

/** The collectibles screens' own wording, English and Spanish; the spec's quoted texts word for word. */
const en = {
  createCollection: 'Create NFT collection',
  created: 'NFT collection created',
  failed: 'Failed to perform action',
  tab: 'Blockchain Transactions',
  'col.hash': 'Transaction hash',
  'col.kind': 'Kind',
  'col.status': 'Status',
  'col.network': 'Network',
  'col.time': 'Time',
  'kind.create_collection': 'Collection created',
  'kind.mint': 'Collectible minted',
  'status.success': 'Success',
  'status.failed': 'Failed',
  'network.local': 'Simulated chain',
  'network.testnet': 'Aptos testnet',
  'network.mainnet': 'Aptos mainnet',
  empty: 'No blockchain transactions yet.',
}
export type CollectiblesMessage = keyof typeof en

const es: Record<CollectiblesMessage, string> = {
  createCollection: 'Crear colección NFT',
  created: 'Colección NFT creada',
  failed: 'No se pudo realizar la acción',
  tab: 'Transacciones en blockchain',
  'col.hash': 'Hash de la transacción',
  'col.kind': 'Tipo',
  'col.status': 'Estado',
  'col.network': 'Red',
  'col.time': 'Hora',
  'kind.create_collection': 'Colección creada',
  'kind.mint': 'Coleccionable acuñado',
  'status.success': 'Correcta',
  'status.failed': 'Fallida',
  'network.local': 'Cadena simulada',
  'network.testnet': 'Aptos testnet',
  'network.mainnet': 'Aptos mainnet',
  empty: 'Todavía no hay transacciones en blockchain.',
}

const catalogs: Record<string, Record<CollectiblesMessage, string>> = { en, es }

export const collectiblesText = (locale: string, key: CollectiblesMessage) => catalogs[locale]?.[key] ?? en[key]

export function useCollectiblesText() {
  const { locale } = useI18n()
  return useCallback((key: CollectiblesMessage) => collectiblesText(locale, key), [locale])
}
