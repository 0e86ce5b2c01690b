/**
 * Provably fair sweepstake draws (docs/sweepstakes-fairness.md): what the console's Sweepstakes tab
 * and the public fairness page read. The algorithm itself is fair-draw.mjs.
 */

/** open: entries are being sold; committed: the seed's hash is public and entries are closed; drawn: the seed is revealed. */
export type FairDrawStatus = 'open' | 'committed' | 'drawn'

/** A winner as the public sees it: the pseudonymous entry id and its tickets. */
export type FairDrawWinner = { id: string; tickets: number }

/** The public view: GET /public/sweepstakes/{reward_id}/fairness. */
export type PublicFairness = {
  reward: { id: number; name: string }
  status: FairDrawStatus
  algorithm: string
  /** SHA-256 (hex) of the secret seed, from the commit on. */
  commitment: string | null
  committed_at: string | null
  /** SHA-256 (hex) of the canonical entries snapshot taken at commit. */
  entries_digest: string | null
  winner_count: number | null
  entrants: number | null
  total_tickets: number | null
  /** The seed (hex), only once drawn. */
  seed: string | null
  drawn_at: string | null
  winners: FairDrawWinner[]
  /** The audit file's URL (once drawn). */
  audit_url: string | null
  /** The signed-in participant's own entry in the snapshot, so they can find themselves in the audit file. */
  your_entry: FairDrawWinner | null
}

/** A winner in the console: who it is, too. */
export type ConsoleFairDrawWinner = FairDrawWinner & { participant_id: number; name: string | null; email: string | null; awarded: boolean }

/** The console view: GET /admin/v2/programs/{program_id}/rewards/{reward_id}/fair_draw. */
export type ConsoleFairDraw = Omit<PublicFairness, 'winners' | 'your_entry' | 'audit_url'> & {
  reward: { id: number; name: string; limit: number; claims: number }
  /** While open: the entrants and tickets a commit would snapshot now (staff, blocked and earlier winners left out). */
  open_entrants: number
  open_tickets: number
  winners: ConsoleFairDrawWinner[]
  /** The participant site's fairness page (absolute URL). */
  fairness_url: string
  /** The console's audit download (same-origin path), once drawn. */
  audit_url: string | null
}

/** The answer of the commit and draw calls. */
export type FairDrawResponse = { success: boolean; message: string; data: ConsoleFairDraw }
