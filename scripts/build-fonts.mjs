// The curated web fonts (sdk/contract/fonts.ts, decision 0036) for dist/public/assets/fonts: each
// family's variable woff2 from its @fontsource-variable package with the weight axis cut to the design's
// range, or a static family's files in its weights; every file cut to FONT_CHARACTERS and FONT_FEATURES
// by harfbuzz's subsetter (subset-font). The subsetter takes a few seconds for all families, so each
// result is kept in .cache/fonts under a hash of its source and options.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { tsImport } from 'tsx/esm/api'
import subsetFont from 'subset-font'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CACHE = join(ROOT, '.cache/fonts')

/** The contract's font table, read from its TypeScript source. */
export const loadFontContract = () => tsImport('../sdk/contract/fonts.ts', import.meta.url)

/** The characters of FONT_CHARACTERS as one string. */
export function fontText(ranges) {
  let text = ''
  for (const [from, to] of ranges) for (let c = from; c <= to; c++) text += String.fromCodePoint(c)
  return text
}

/**
 * Every curated file: its source in node_modules and the subsetter's options.
 * @returns {Promise<{ url: string, source: string, options: object }[]>}
 */
export async function fontJobs() {
  const { CURATED_FONTS, DESIGN_WEIGHTS, FONT_CHARACTERS, FONT_FEATURES, curatedFontFiles } = await loadFontContract()
  const text = fontText(FONT_CHARACTERS)
  const [min, max] = DESIGN_WEIGHTS.text
  return Object.values(CURATED_FONTS).flatMap((font) =>
    curatedFontFiles(font).map(({ url }) => ({
      url,
      // The package's own latin file of the same name (`<family>-latin-wght-normal.woff2`, `…-700-…`).
      source: join(ROOT, 'node_modules', font.package, 'files', basename(url)),
      options: {
        text,
        targetFormat: 'woff2',
        keepFeatures: [...FONT_FEATURES],
        ...(font.weights ? {} : { variationAxes: { wght: { min, max } } }),
      },
    })),
  )
}

/** One curated file as the subsetter makes it: woff2 as served, or `truetype` to read its tables. */
export function makeFontFile({ source, options }, targetFormat = options.targetFormat) {
  const { text, ...subsetOptions } = options
  return subsetFont(readFileSync(source), text, { ...subsetOptions, targetFormat })
}

/** Writes every curated file under `publicDir` (its URL path); returns each file's path and size. */
export async function buildFonts(publicDir) {
  mkdirSync(CACHE, { recursive: true })
  const version = JSON.parse(readFileSync(join(ROOT, 'node_modules/subset-font/package.json'), 'utf8')).version
  const built = []
  for (const job of await fontJobs()) {
    const key = createHash('sha256').update(readFileSync(job.source)).update(JSON.stringify({ options: job.options, version })).digest('hex').slice(0, 24)
    const cached = join(CACHE, `${key}.woff2`)
    let output
    if (existsSync(cached)) output = readFileSync(cached)
    else {
      output = await makeFontFile(job)
      writeFileSync(cached, output)
    }
    const target = join(publicDir, job.url)
    mkdirSync(join(target, '..'), { recursive: true })
    writeFileSync(target, output)
    built.push({ url: job.url, bytes: output.length })
  }
  return built
}
