/** What the upload dialog makes of the chosen file (admin-console-part-b.md section 5). */
export type FeedFileCheck = { ok: true; posts: unknown[] } | { ok: false; problem: 'noFile' | 'invalidFile' | 'badJson' }

/**
 * Only a JSON file (type application/json) is taken; its text must parse as a list of posts or an
 * object with a `posts` list. The server then checks every post.
 */
export async function readFeedFile(file: File | null | undefined): Promise<FeedFileCheck> {
  if (!file) return { ok: false, problem: 'noFile' }
  if (file.type !== 'application/json') return { ok: false, problem: 'invalidFile' }
  let parsed: unknown
  try {
    parsed = JSON.parse(await file.text())
  } catch {
    return { ok: false, problem: 'badJson' }
  }
  const posts = Array.isArray(parsed) ? parsed : parsed && typeof parsed === 'object' && Array.isArray((parsed as { posts?: unknown }).posts) ? (parsed as { posts: unknown[] }).posts : null
  if (!posts) return { ok: false, problem: 'badJson' }
  return { ok: true, posts }
}
