import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { eq } from 'drizzle-orm'
import type { Browser, Page } from 'playwright-core'
import { expect } from 'vitest'
import { openLibsql } from '../worker/src/db/node'
import { programs } from '../worker/src/db/schema'
import { launchBrowser, ROOT, signInConsole, startNodeServer } from './harness'

/**
 * What every console e2e does on each screen it visits: axe-core (WCAG 2.x A/AA and best practices;
 * serious and critical violations fail the test) and a screenshot, at 1280 and at 390 px wide.
 */
export const SHOTS = join(ROOT, 'docs/screenshots')

export type AxeFinding = { id: string; impact: string | null | undefined; help: string; nodes: string[] }

/**
 * axe-core set up the one way every e2e file runs it: WCAG 2.x A/AA, 2.2 AA and best practices.
 * Legacy mode runs axe.run in the page (and its frames) instead of runPartial plus a finishRun in a
 * second blank page, and only violations carry node details: half the time per audit, which is most
 * of the e2e suite's time with ~200 audits (two widths per console screen).
 */
export function axeBuilder(page: Page, include?: string, exclude?: string): AxeBuilder {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).options({ resultTypes: ['violations'] }).setLegacyMode(true)
  if (include) builder.include(include)
  if (exclude) builder.exclude(exclude)
  return builder
}

/**
 * axe-core on the page as it is now (or on `include`, and without `exclude`); logs every finding and
 * fails on serious or critical ones.
 */
export async function audit(page: Page, label: string, include?: string, exclude?: string): Promise<AxeFinding[]> {
  const started = Date.now()
  const results = await axeBuilder(page, include, exclude).analyze()
  const findings: AxeFinding[] = results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }))
  console.log(`[axe] ${label} (${Date.now() - started} ms): ${results.passes.length} rules pass, ${findings.length} violations${findings.map((f) => `\n  - ${f.impact} ${f.id}: ${f.help} (${f.nodes.join(', ')})`).join('')}`)
  expect(findings.filter((f) => f.impact === 'serious' || f.impact === 'critical'), label).toEqual([])
  return findings
}

type ShotOptions = {
  /** What to wait for first: 'networkidle' (default), or 'load' plus a short pause for pages whose frames never go idle. */
  settle?: 'networkidle' | 'load'
  /** Also fail when the page is wider than the screen. */
  noOverflow?: boolean
  /**
   * Left out of axe: a frame audited once on its own (axe looks into frames, and a framed participant
   * site on every tab of a screen was most of that screen's audit time).
   */
  exclude?: string
}

/**
 * Screenshots refresh the docs (docs/screenshots) and cost CI time: taken unless CI runs, or when
 * TESSERA_SCREENSHOTS=1 asks for them (`TESSERA_SCREENSHOTS=1 npm test` refreshes them all).
 */
export const takeShots = process.env.TESSERA_SCREENSHOTS === '1' || process.env.CI !== 'true'

/**
 * The widths a screen is audited at: both locally; under CI one, alternating between screens by name
 * (so both widths stay covered across the console) unless TESSERA_AXE_BOTH=1. A full axe pass is the
 * largest single cost of the e2e suite (issue 23); locally every screen still gets both.
 */
export function axeWidthsFor(name: string): number[] {
  if (process.env.CI !== 'true' || process.env.TESSERA_AXE_BOTH === '1') return [1280, 390]
  let hash = 0
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  return [hash % 2 === 0 ? 1280 : 390]
}

/**
 * `shootBoth(page, name)` audits the screen and saves `docs/screenshots/{prefix}-{name}-{width}.png`
 * at 1280 and 390 px (axe at the widths axeWidthsFor gives), from the top (a sticky header is not painted mid-page, and a control half under
 * it is not a small target), then returns to 1280.
 */
export function screenShooter(prefix: string, options: ShotOptions = {}) {
  mkdirSync(SHOTS, { recursive: true })
  return async function shootBoth(page: Page, name: string) {
    for (const width of [1280, 390]) {
      const auditHere = axeWidthsFor(name).includes(width)
      if (!auditHere && !options.noOverflow && !takeShots) continue
      await page.setViewportSize({ width, height: 900 })
      if (options.settle === 'load') {
        await page.waitForLoadState('load')
        await page.waitForTimeout(500)
      } else {
        await page.waitForLoadState('networkidle')
      }
      await page.evaluate(() => window.scrollTo(0, 0))
      if (auditHere) await audit(page, `${name} at ${width}`, undefined, options.exclude)
      if (options.noOverflow) {
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(width)
      }
      if (takeShots) await page.screenshot({ path: join(SHOTS, `${prefix}-${name}-${width}.png`), fullPage: true })
    }
    await page.setViewportSize({ width: 1280, height: 900 })
  }
}

/**
 * The world most console e2e files drive: a seeded Node server on its own libSQL file, Chromium, the
 * demo program's id and a signed-in super admin. `extraEnv` adds server environment (say a files dir
 * inside the world's temp dir, passed in as a function of it).
 */
export async function startConsoleWorld(name: string, extraEnv: (dir: string) => Record<string, string> = () => ({})) {
  mkdirSync(SHOTS, { recursive: true })
  const dir = mkdtempSync(join(tmpdir(), `tessera-e2e-console-${name}-`))
  const url = `file:${join(dir, 'e2e.db')}`
  const env = { ENVIRONMENT: 'development', ...extraEnv(dir) }
  const [server, browser] = await Promise.all([startNodeServer({ port: 0, databaseUrl: url, seed: true, quiet: true, env }), launchBrowser()])
  const { db } = await openLibsql(url, { migrate: false })
  const [demo] = await db.select().from(programs).where(eq(programs.publicKey, 'demo'))
  const admin = await signInConsole(browser, server.url, 'admin@tessera.dev')
  return { dir, server, browser, db, demoId: demo!.id, admin }
}

/** Closes what startConsoleWorld opened (each part may be missing when its start failed). */
export async function stopConsoleWorld(world: { browser?: Browser; server?: { close(): Promise<unknown> }; dir?: string }) {
  await world.browser?.close()
  await world.server?.close()
  if (world.dir) rmSync(world.dir, { recursive: true, force: true })
}
