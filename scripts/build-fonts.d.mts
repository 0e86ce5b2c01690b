// Types of scripts/build-fonts.mjs: the build writes the curated font files with it, and
// worker/test/site-pages.test.ts checks what its subsetter makes of each.

/** One curated file: its URL path, its source in node_modules and subset-font's options (with the text kept). */
export type FontJob = {
  url: string
  source: string
  options: { text: string; targetFormat: 'woff2'; keepFeatures: string[]; variationAxes?: { wght: { min: number; max: number } } }
}

export declare function fontText(ranges: readonly (readonly [number, number])[]): string
export declare function fontJobs(): Promise<FontJob[]>
export declare function buildFonts(publicDir: string): Promise<{ url: string; bytes: number }[]>
export declare function makeFontFile(job: FontJob, targetFormat?: 'woff2' | 'truetype'): Promise<Uint8Array>
