import type { ParticipantExportQuery } from '../../../../../sdk/contract/console/participants'
import { adminClient } from '../../../lib/api-client'

export type ExportProgress = { bytes: number; rows: number }

const LINE_FEED = 10

/**
 * Export Table: reads the streamed participants.csv as it arrives, reporting bytes and rows received
 * (the dialog's progress), then hands the file to the browser as participants.csv.
 */
export async function downloadParticipantsCsv(programId: number, query: ParticipantExportQuery, onProgress: (p: ExportProgress) => void, signal?: AbortSignal): Promise<ExportProgress> {
  const res = await adminClient().participants.exportCsv(programId, query, signal)
  const reader = res.body!.getReader()
  const parts: Uint8Array<ArrayBuffer>[] = []
  const progress: ExportProgress = { bytes: 0, rows: 0 }
  let lines = 0
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    parts.push(value as Uint8Array<ArrayBuffer>)
    progress.bytes += value.byteLength
    for (const byte of value) if (byte === LINE_FEED) lines++
    // The header is the first line; every other line is a participant (cells never hold a bare newline
    // the server did not quote, and quoted ones are rare enough for a progress count).
    progress.rows = Math.max(0, lines - 1)
    onProgress({ ...progress })
  }
  saveFile(new Blob(parts, { type: 'text/csv' }), 'participants.csv')
  return progress
}

/** Hands `blob` to the browser as a download named `name`. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = Object.assign(document.createElement('a'), { href: url, download: name })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * Export data (a participant's tools): the participant's data as the JSON file the participant can
 * download themselves (docs/privacy.md), named as the server names it.
 */
export async function downloadParticipantData(programId: number, participantId: number): Promise<void> {
  const res = await adminClient().participants.exportData(programId, participantId)
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `participant-${participantId}.json`
  saveFile(await res.blob(), name)
}
