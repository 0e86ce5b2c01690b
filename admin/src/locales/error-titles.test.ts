import { describe, expect, it } from 'vitest'
import { layoutText } from '../features/layout/messages'
import { mediaText } from '../features/media/messages'
import { pageText } from '../features/program-pages/messages'
import { settingsText } from '../features/settings/messages'
import { en } from './en'
import { es } from './es'

/**
 * The failure toast's title is the spec's own word for each screen: admin-console-part-a.md section 8
 * says 'Error!' (participants, receipt review, referrals, shell, organization programs and admins);
 * admin-console-part-b.md section 8 says 'Error!!!' (challenges, rewards, tags, settings, purchase proof,
 * domains, feed posts, layout, integrations, media, organization features).
 */
const sources = import.meta.glob<string>(['../features/**/*.{ts,tsx}', '!../features/**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true })
const PART_B = [
  'challenges/',
  'rewards/',
  'tags/',
  'settings/',
  'domains/',
  'feed-posts/',
  'layout/',
  'integrations/',
  'media/',
  'program-pages/',
  'evergreen/',
  'receipts/components/purchase-proof-pages.tsx',
  'organization/components/new-feature-page.tsx',
]
const PART_A = ['receipts/components/receipt-review-page.tsx', 'participants/', 'shell/components/create-program-dialog.tsx']
const files = (prefixes: string[]) => Object.entries(sources).filter(([path]) => prefixes.some((p) => path.startsWith(`../features/${p}`)))

describe("failure toast titles, per the spec's screens", () => {
  it("the console catalogs: 'Error!' (part A) and 'Error!!!' (part B)", () => {
    expect(en['form.errorTitle']).toBe('Error!')
    expect(en['form.errorTitlePartB']).toBe('Error!!!')
    expect(es['form.errorTitlePartB']).toBe('¡¡¡Error!!!')
  })

  it("part B features' own catalogs say 'Error!!!' in English and Spanish alike", () => {
    expect([settingsText('en', 'error'), mediaText('en', 'error'), layoutText('en', 'errorTitle'), pageText('en', 'errorTitle')]).toEqual(Array(4).fill('Error!!!'))
    expect([settingsText('es', 'error'), mediaText('es', 'error'), layoutText('es', 'errorTitle'), pageText('es', 'errorTitle')]).toEqual(Array(4).fill('¡¡¡Error!!!'))
  })

  it("no part B screen toasts part A's 'Error!', and each of its generic forms passes 'Error!!!'", () => {
    const partB = files(PART_B)
    expect(partB.length).toBeGreaterThan(20)
    for (const [path, text] of partB) {
      expect(text.includes("'form.errorTitle'"), path).toBe(false)
      const forms = text.split('useServerForm({').slice(1)
      for (const call of forms) expect(call.slice(0, call.indexOf('})')), path).toContain("errorTitle: t('form.errorTitlePartB')")
    }
  })

  it("part A's screens keep 'Error!'", () => {
    const partA = files(PART_A)
    expect(partA.length).toBeGreaterThan(3)
    expect(partA.some(([, text]) => text.includes("t('form.errorTitle')"))).toBe(true)
    for (const [path, text] of partA) expect(text.includes('form.errorTitlePartB'), path).toBe(false)
  })
})
