import { createColumnHelper } from '@tanstack/react-table'
import { useMemo } from 'react'
import { Card } from '../../../components/ui/card'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { useServerTable } from '../../../components/ui/data-table/use-server-table'
import { useI18n } from '../../../lib/i18n'
import { type ChainTransactionRow, chainLogKey, fetchChainLog, type LogOwner } from '../api'
import { type CollectiblesMessage, useCollectiblesText } from '../messages'

const col = createColumnHelper<ChainTransactionRow>()
/** Hashes as the participant site shows addresses: the first 10 characters, an ellipsis, the last 6. */
const shortHash = (hash: string) => (hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : hash)

/** A Blockchain Transactions tab: the chain log of a reward or a participant (tx hash, kind, status, time), newest first. */
export function ChainLogTable({ programId, owner }: { programId: number; owner: LogOwner }) {
  const text = useCollectiblesText()
  const { locale } = useI18n()
  const table = useServerTable({ queryKey: chainLogKey(programId, owner), fetchPage: (state, signal) => fetchChainLog(programId, owner, state, signal) })
  // The log is paged by the server, newest first: neither sorted nor searched.
  const { sorting: _sorting, onSortingChange: _onSort, search: _search, ...props } = table.props
  const columns = useMemo(() => {
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' })
    return [
      col.accessor('tx_hash', {
        header: text('col.hash'),
        enableSorting: false,
        cell: (c) => {
          const row = c.row.original
          const label = <code title={row.tx_hash}>{shortHash(row.tx_hash)}</code>
          return row.explorer_url ? (
            <a href={row.explorer_url} target="_blank" rel="noreferrer">
              {label}
            </a>
          ) : (
            label
          )
        },
      }),
      col.accessor('kind', { header: text('col.kind'), enableSorting: false, cell: (c) => text(`kind.${c.getValue()}` as CollectiblesMessage) }),
      col.accessor('status', {
        header: text('col.status'),
        enableSorting: false,
        cell: (c) => <span className={`badge ${c.getValue() === 'success' ? 'badge-success' : 'badge-danger'}`}>{text(`status.${c.getValue()}` as CollectiblesMessage)}</span>,
      }),
      col.accessor('network', { header: text('col.network'), enableSorting: false, cell: (c) => (['local', 'testnet', 'mainnet'].includes(c.getValue()) ? text(`network.${c.getValue()}` as CollectiblesMessage) : c.getValue()) }),
      col.accessor('created_at', { header: text('col.time'), enableSorting: false, cell: (c) => <time dateTime={c.getValue()}>{date.format(new Date(c.getValue()))}</time> }),
    ]
  }, [text, locale])
  return (
    <Card className="participant-tab">
      <DataTable label={text('tab')} columns={columns} {...props} emptyMessage={text('empty')} />
    </Card>
  )
}
