import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { ErrorBlock } from '../../../components/ui/error-block'
import { type ConsoleReceipt, useReceiptFile } from '../api/receipts'
import { useReceiptText } from '../messages'

const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3] as const

/**
 * The receipt's file through its short-lived signed link: an image with zoom (50–300 %) and rotation
 * in quarter turns, or a PDF in a frame. Receipts sent through the API have no file.
 */
export function ReceiptImageViewer({ programId, receipt }: { programId: number; receipt: ConsoleReceipt }) {
  const rt = useReceiptText()
  const hasFile = receipt.files.length > 0
  const file = useReceiptFile(programId, receipt.id, hasFile)
  const [zoom, setZoom] = useState(2)
  const [turns, setTurns] = useState(0)
  if (!hasFile) return <p className="receipt-muted">{rt('noFile')}</p>
  if (file.status === 'pending') return <Skeleton height={320} />
  if (file.status === 'error') return <ErrorBlock error={file.error} onRetry={() => void file.refetch()} />
  if (file.data.content_type === 'application/pdf') {
    return (
      <div className="receipt-viewer">
        <iframe className="receipt-pdf" src={file.data.url} title={rt('image')} />
        <a href={file.data.url} target="_blank" rel="noreferrer">
          {rt('openPdf')}
        </a>
      </div>
    )
  }
  const scale = ZOOMS[zoom]!
  return (
    <div className="receipt-viewer">
      <div className="receipt-viewer-tools" role="toolbar" aria-label={rt('image')}>
        <Button size="sm" variant="secondary" onClick={() => setZoom(Math.max(0, zoom - 1))} disabled={zoom === 0}>
          {rt('zoomOut')}
        </Button>
        <output className="receipt-zoom" aria-live="polite">
          {Math.round(scale * 100)}%
        </output>
        <Button size="sm" variant="secondary" onClick={() => setZoom(Math.min(ZOOMS.length - 1, zoom + 1))} disabled={zoom === ZOOMS.length - 1}>
          {rt('zoomIn')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setTurns((turns + 1) % 4)}>
          {rt('rotate')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setZoom(2)
            setTurns(0)
          }}
        >
          {rt('reset')}
        </Button>
      </div>
      <div className="receipt-stage" tabIndex={0} aria-label={rt('image')}>
        <img
          src={file.data.url}
          alt={rt('image')}
          data-zoom={scale}
          data-rotation={turns * 90}
          style={{ transform: `rotate(${turns * 90}deg) scale(${scale})` }}
        />
      </div>
    </div>
  )
}
