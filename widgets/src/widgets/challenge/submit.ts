import type {
  SubmitChallengeCompleted,
  SubmitChallengeQuizFailed,
  SubmitChallengeRequest,
} from '../../../../sdk/contract/challenges'
import type { TesseraError } from '../../../../sdk/src/index'

export type SubmitResult =
  | { ok: true; response: SubmitChallengeCompleted }
  /** A quiz under its pass score: an answer, not an error; the form shows its message. */
  | { ok: false; quizFailed: SubmitChallengeQuizFailed }
  | { ok: false; error: Pick<TesseraError, 'code' | 'message' | 'fields' | 'body'> }

/** Submits the challenge; the page shows the toasts and the success screen, callers read field errors. */
export type Submit = (input: SubmitChallengeRequest) => Promise<SubmitResult>
