// Types of scripts/asset-headers.mjs, the one definition of the built front ends' cache headers: the
// build writes dist/public/_headers from it (wrangler's assets read that file on Workers) and the Node
// entry imports its values (worker/src/middleware/static-headers.ts).

export declare const IMMUTABLE: 'public, max-age=31536000, immutable'
export declare const REVALIDATE: 'public, max-age=0, must-revalidate'
export declare const MAX_RULES: number
export declare const CORS_RULE: string[]
export declare const HASHED_DIRS: string[]

/** A vite output (build() results' `output` items), as far as these functions read it. */
export type BuildOutput = { type: 'chunk' | 'asset'; fileName: string; name?: string; names?: string[] }

export declare function isHashedOutput(item: BuildOutput): boolean
export declare function hashedOutputs(results: unknown): string[]
export declare function headersFile(paths: string[]): { text: string; rules: number; skipped: number }
