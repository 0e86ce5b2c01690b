import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The import arrows of docs/ARCHITECTURE.md, held by eslint.config.js: a reversed import fails lint.
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname })

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file })
  return result!.messages
    .filter((m) => m.ruleId?.endsWith('no-restricted-imports') || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message)
}

describe('widget import boundaries', () => {
  it.each([
    ['widgets/src/embed/views/x.tsx', "import { a } from '../../site/router'"],
    ['widgets/src/site/pages/x.tsx', "import { a } from '../../embed/events'"],
    ['widgets/src/site/x.ts', "export { a } from '../embed/events'"],
    ['widgets/src/widgets/reward/x.tsx', "import { a } from '../../site/router'"],
    ['widgets/src/widgets/reward/x.tsx', "import { a } from '../../embed/mount'"],
    ['widgets/src/ui/x.tsx', "import { a } from '../widgets/shared/context'"],
    ['widgets/src/ui/x.tsx', "import { a } from '../site/router'"],
    ['widgets/src/loader.ts', "import { emit } from './embed/events'"],
    // Dynamic imports (lazily loaded views) are held too.
    ['widgets/src/embed/elements.tsx', "const load = () => import('../site/pages/offers-page')"],
    ['widgets/src/site/lazy-pages.ts', "const load = () => import('../embed/views/reward-view')"],
    ['widgets/src/widgets/tiles/x.tsx', "const load = () => import('../../embed/lazy-view')"],
  ])('%s may not %s', async (file, code) => {
    expect(await restricted(file, `${code}\n`)).toHaveLength(1)
  })

  it.each([
    ['widgets/src/embed/views/x.tsx', "import { a } from '../../widgets/reward/reward-rules'"],
    ['widgets/src/site/pages/x.tsx', "import { a } from '../../widgets/shared/context'"],
    ['widgets/src/site/x.ts', "import { a } from './router'"],
    ['widgets/src/widgets/reward/x.tsx', "import { a } from '../../ui/button'"],
    ['widgets/src/widgets/reward/x.tsx', "import { a } from '../challenge/copy-field'"],
    ['widgets/src/loader.ts', "import type { WidgetsApi } from './embed/api'"],
    ['widgets/src/embed/elements.tsx', "const load = () => import('./views/reward-view')"],
  ])('%s may %s', async (file, code) => {
    expect(await restricted(file, `${code}\n`)).toEqual([])
  })
})
