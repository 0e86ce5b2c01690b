import { describe, expect, it } from 'vitest'
import { makeTestApp, quickParticipant } from '../../../test/helpers'
import { participantsConsole } from './admin'
import { adminWith, consoleAs } from './participants-fixtures'

/**
 * Generated from the participants route table: users view reads, users manage does everything else,
 * and an admin without a users grant gets neither. A route added without the right permission, or a
 * guard that stops checking, fails here.
 */
describe('participants permissions, from the route table', () => {
  it('lets users view read, refuses it every tool, import and export, and refuses others everything', async () => {
    const t = await makeTestApp()
    const { participant, program } = await quickParticipant(t, 'target@example.com', { points: 10 })
    const viewer = await adminWith(t, 'viewer@tessera.dev', program.id, [['users', 'view']])
    const stranger = await adminWith(t, 'stranger@tessera.dev', program.id, [['dashboard', 'view']])
    const manager = await consoleAs(t, 'manager@tessera.dev') // seeded with users manage on the demo program
    const concrete = (path: string) =>
      `/admin/v2${path}`
        .replace(':program_id', String(program.id))
        .replace(/:participant_id\{[^}]+\}/, String(participant.id))
        .replace(/:job_id\{[^}]+\}/, '999999')
        .replace(/:attribute_id\{[^}]+\}/, '999999')
    expect(participantsConsole.table.length).toBeGreaterThanOrEqual(20)
    for (const route of participantsConsole.table) {
      expect(route.permission, route.path).not.toBe('signed_in')
      const [, action] = route.permission as [string, string]
      const path = concrete(route.path)
      const send = (b: typeof viewer) =>
        b.request(path, {
          method: route.method,
          ...(route.method === 'GET' ? {} : { json: route.path.endsWith(':participant_id{[0-9]+}') ? { intent: 'toggle_tag', tag: 'matrix' } : {} }),
        })
      const asViewer = await send(viewer)
      expect(await asViewer.clone().text(), 'the route exists').not.toContain('No route for')
      if (action === 'view') expect(asViewer.status, `${route.method} ${route.path} as users view`).not.toBe(403)
      else expect(asViewer.status, `${route.method} ${route.path} as users view`).toBe(403)
      const asStranger = await send(stranger)
      expect(asStranger.status, `${route.method} ${route.path} without users: ${await asStranger.clone().text()}`).toBe(403)
      expect((await send(manager)).status, `${route.method} ${route.path} as users manage`).not.toBe(403)
    }
    const signedOut = await t.browser().request(concrete(participantsConsole.table[0]!.path))
    expect(signedOut.status).toBe(401)
  })

  it('keeps a manager of one program out of another', async () => {
    const t = await makeTestApp()
    const manager = await consoleAs(t, 'manager@tessera.dev')
    const other = await quickParticipant(t, 'other@example.com', { programKey: 'links' })
    expect((await manager.request(`/admin/v2/programs/${other.program.id}/participants`)).status).toBe(403)
    expect((await manager.request(`/admin/v2/programs/${other.program.id}/participants/${other.participant.id}`, { json: { intent: 'delete_participant' } })).status).toBe(403)
  })
})
