import type { Db } from '../../db/client'
import { programAttachments } from '../../db/schema'
import { programScope } from '../../db/scope'
import type { ProgramRow } from '../../env'
import { makePng } from './media-fixtures'
import { newStorageKey } from './media-service'

/** What the permission matrix's fixtures get (worker/test/console-matrix.ts FixtureKit, the parts used here). */
type Kit = { db: Db; unique(prefix: string): string }

/** A fresh attachment row of `program` (its object need not exist for the console calls); answers its id. */
export async function matrixAttachment(k: Kit, program: ProgramRow): Promise<number> {
  const [row] = await programScope(k.db, program.id)
    .insert(programAttachments, { storageKey: newStorageKey('png'), title: k.unique('file'), contentType: 'image/png', width: 1, height: 1, byteSize: 70, filename: 'matrix.png' })
    .returning({ id: programAttachments.id })
  return row!.id
}

const ONE = '/programs/:program_id/program_attachments/:attachment_id{[0-9]+}'
const one = { params: async (k: Kit, p: ProgramRow) => ({ attachment_id: await matrixAttachment(k, p) }) }

/** The permission-matrix lines of the media library console (features/media/admin.ts). */
export const mediaMatrixFixtures = {
  'POST /programs/:program_id/program_attachments': {
    body: (k: Kit) => {
      const form = new FormData()
      form.append('file', new File([makePng(2, 2) as BlobPart], `${k.unique('m')}.png`, { type: 'image/png' }))
      return form
    },
  },
  [`GET ${ONE}`]: one,
  [`PATCH ${ONE}`]: { ...one, body: (k: Kit) => ({ title: k.unique('t'), alt_text: 'Alt' }) },
  [`PUT ${ONE}`]: { ...one, body: (k: Kit) => ({ title: k.unique('t'), alt_text: 'Alt' }) },
}
