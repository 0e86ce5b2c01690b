import { describe, expect, it } from 'vitest'
import { importJobReportSchema, participantDetailSchema, participantListResponseSchema } from '../../../../sdk/contract/console/participants'
import { createAdminClient, NotFoundError, ValidationError } from '../../../../sdk/src/index'
import { makeTestApp, quickParticipant } from '../../../test/helpers'
import { importsSettled } from './import-runner'
import { consoleAs } from './participants-fixtures'

describe('the SDK participants resource', () => {
  it('lists, acts, exports and imports with contract-shaped answers and typed errors', async () => {
    const t = await makeTestApp()
    const { participant, program } = await quickParticipant(t, 'sdk@example.com', { points: 20 })
    const b = await consoleAs(t, 'admin@tessera.dev')
    const admin = createAdminClient({
      baseUrl: 'http://localhost',
      csrfToken: b.csrf ?? (await b.fetchCsrf()),
      fetch: ((url: string, init: RequestInit) => {
        const headers = new Headers(init.headers)
        headers.set('cookie', [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
        return t.app.request(url, { ...init, headers })
      }) as typeof fetch,
    })
    const page = participantListResponseSchema.parse(await admin.participants.list(program.id, { sort: 'points', order: 'desc', q: 'sdk' }))
    expect(page.data.map((p) => p.id)).toEqual([participant.id])
    expect(participantDetailSchema.parse((await admin.participants.retrieve(program.id, participant.id)).data).unused_points).toBe(20)

    const added = await admin.participants.addPoints(program.id, participant.id, { points: 5, action_title: 'SDK' }, 'sdk-retry-key')
    const retried = await admin.participants.addPoints(program.id, participant.id, { points: 5, action_title: 'SDK' }, 'sdk-retry-key')
    expect([added.message, added.data.applied, retried.data.applied, retried.data.participant?.unused_points]).toEqual(['Points Added', true, false, 25])
    expect((await admin.participants.tab(program.id, participant.id, 'actions')).data).toContainEqual(expect.objectContaining({ action_type: 'points_adjusted', points: 5 }))

    const csv = await admin.participants.exportCsv(program.id, { type: 'import' })
    expect(csv.headers.get('content-disposition')).toContain('participants.csv')
    expect(await csv.text()).toContain('sdk@example.com,sdk,Test,25,')

    const job = await admin.participants.import(program.id, new Blob(['email,points\nnew-sdk@example.com,7\n']), { email: 'replace', points: 'replace' }, 'sdk.csv')
    await importsSettled(t.deps)
    expect(importJobReportSchema.parse(await admin.participants.importJob(program.id, job.data.id)).data).toMatchObject({ status: 'done', imported_rows: 1 })

    await expect(admin.participants.retrieve(program.id, 999_999)).rejects.toBeInstanceOf(NotFoundError)
    const invalid = await admin.participants.act(program.id, participant.id, { intent: 'nope' } as never).catch((e: unknown) => e)
    expect(invalid).toBeInstanceOf(ValidationError)
    expect((invalid as ValidationError).message).toBe('Invalid intent')
    const badFile = await admin.participants.import(program.id, new Blob([new Uint8Array([0xff, 0xfe, 0])]), { email: 'replace', points: 'replace' }).catch((e: unknown) => e)
    expect((badFile as ValidationError).fields?.csv_file).toMatch(/not a CSV file/)
  })
})
