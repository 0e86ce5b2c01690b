import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js'
import type { OcrProvider, OcrResult } from './ocr'
import { sniffImage } from './ocr-image'
import { parseReceiptText } from './ocr-parse'

/**
 * The local OCR default (Node only: the Node entry in-process, and the OCR service that `npm start`
 * runs beside wrangler). tesseract.js in one worker thread, created on the first receipt and reused;
 * receipts are read one at a time. Everything comes from node_modules: the engine (tesseract.js-core,
 * which tesseract.js's Node worker loads with require), the worker script and the English data
 * (@tesseract.js-data/eng). Nothing is fetched from a CDN and nothing is cached to the working directory.
 */
export type LocalOcr = OcrProvider & {
  /** Starts the tesseract worker now rather than on the first receipt. */
  warm(): Promise<void>
  close(): Promise<void>
}

const require = createRequire(import.meta.url)

/** Local paths for tesseract.js (exported for the offline check in ocr-local.test.ts). */
export function localTesseractPaths() {
  const eng = require('@tesseract.js-data/eng') as { langPath: string }
  return {
    // The `4.0.0_best_int` model: the most accurate of the two the package ships, fast enough (bench:receipts).
    langPath: join(dirname(eng.langPath), '4.0.0_best_int'),
    workerPath: join(dirname(require.resolve('tesseract.js')), 'worker-script', 'node', 'index.js'),
    corePath: dirname(require.resolve('tesseract.js-core/package.json')),
  }
}

export function createLocalOcr(options: { log?: (line: string) => void } = {}): LocalOcr {
  let worker: Promise<Worker> | null = null
  let queue: Promise<unknown> = Promise.resolve()

  function start(): Promise<Worker> {
    if (!worker) {
      const paths = localTesseractPaths()
      worker = createWorker('eng', OEM.LSTM_ONLY, {
        ...paths,
        gzip: true,
        cacheMethod: 'none',
        errorHandler: (err: unknown) => options.log?.(`[ocr] tesseract: ${String(err)}`),
      }).then(async (w) => {
        // One block of lines read top to bottom (tesseract's own layout analysis splits a receipt's
        // columns into blocks and reorders them); keep the gaps between a name and its price.
        await w.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, preserve_interword_spaces: '1', user_defined_dpi: '300' })
        return w
      })
      worker.catch(() => {
        worker = null
      })
    }
    return worker
  }

  async function read(input: { bytes: Uint8Array; contentType: string }): Promise<OcrResult> {
    if (!sniffImage(input.bytes)) throw new Error('The local OCR reads JPEG, PNG, WebP, BMP and TIFF images only.')
    const w = await start()
    const { data } = await w.recognize(Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength))
    const parsed = parseReceiptText(data.text)
    const ocrConfidence = Math.max(0, Math.min(1, (data.confidence ?? 0) / 100))
    return {
      provider: 'local-tesseract',
      merchant: parsed.merchant,
      date: parsed.date,
      total_cents: parsed.total_cents,
      items: parsed.items,
      text: data.text,
      confidence: Math.round(ocrConfidence * parsed.completeness * 100) / 100,
    }
  }

  return {
    read(input) {
      const next = queue.then(() => read(input))
      queue = next.catch(() => {})
      return next
    },
    async warm() {
      await start()
    },
    async close() {
      const w = worker
      worker = null
      if (w) await (await w.catch(() => null))?.terminate()
    },
  }
}
