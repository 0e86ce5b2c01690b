// Types of fair-draw.mjs (the provably fair draw shared by the worker, the console and scripts/verify-draw.mjs).

export type DrawEntry = { id: string; tickets: number }

export declare const ALGORITHM: 'v1'
export declare const AUDIT_FORMAT: 'tessera-sweepstake-audit'
export declare const AUDIT_FORMAT_VERSION: 1

export declare function toHex(bytes: Uint8Array): string
export declare function fromHex(hex: string): Uint8Array<ArrayBuffer>
export declare function sha256Hex(data: string | Uint8Array): Promise<string>
export declare function newSeed(): string
export declare function commitmentOf(seed: string): Promise<string>
export declare function canonicalEntries(entries: readonly DrawEntry[]): DrawEntry[]
export declare function entriesDigest(entries: readonly DrawEntry[]): Promise<string>
export declare function drawWinners(input: { seed: string; entries: readonly DrawEntry[]; winners: number; algorithm?: string }): Promise<DrawEntry[]>

/** The downloadable audit file (docs/sweepstakes-fairness.md). */
export type SweepstakeAudit = {
  format: 'tessera-sweepstake-audit'
  format_version: 1
  algorithm: string
  program: { id: number; name: string }
  reward: { id: number; name: string }
  committed_at: string
  drawn_at: string
  commitment: string
  seed: string
  entries_digest: string
  winner_count: number
  total_tickets: number
  entries: DrawEntry[]
  winners: DrawEntry[]
}

export declare function verifyAudit(audit: unknown): Promise<{
  commitmentMatches: boolean
  entriesDigestMatches: boolean
  winnersMatch: boolean
  winners: DrawEntry[]
  recorded: string[]
  commitment: string
  digest: string
}>
