import type { SubmitChallengeRequest, SubmitChallengeResponse } from '../../../../sdk/contract/challenges'
import type { TesseraError } from '../../../../sdk/src/index'

export type SubmitResult =
  | { ok: true; response: SubmitChallengeResponse }
  | { ok: false; error: Pick<TesseraError, 'code' | 'message' | 'fields' | 'body'> }

/** Submits the challenge; the page shows the toasts and the success screen, callers read field errors. */
export type Submit = (input: SubmitChallengeRequest) => Promise<SubmitResult>
