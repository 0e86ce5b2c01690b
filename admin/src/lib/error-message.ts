/** A message fit to show a person: the server's (the SDK's typed errors carry it), else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message && !/^Request failed with status/.test(error.message)) return error.message
  return fallback
}
