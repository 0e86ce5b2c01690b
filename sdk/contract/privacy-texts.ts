/** The participant site's words for its privacy actions (issue 28, docs/privacy.md): plain strings, no schema. */

/** The site's words before the participant asks for a code to download their data. */
export const DATA_EXPORT_NOTICE =
  'Download one file (JSON) with everything this program holds about you: your profile, points history, rewards, challenges and answers, receipts (with links to their photos, valid for 24 hours), referrals and sign-ins. We e-mail you a code first, to make sure it is you.'

/** The site's words before the participant asks for a code to delete their account: what happens. */
export const ACCOUNT_DELETION_NOTICE =
  'Deleting your account erases your name, e-mail address, profile, answers, receipt photos and sign-ins for good, and signs you out everywhere. Your points, rewards and activity stay in the program’s records without anything that identifies you; they cannot be restored or used again. If you sign up again with the same e-mail address, you start over as a new member. We e-mail you a code first, to make sure it is you.'

/** The answer once the account is deleted (the session is over too). */
export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted. Thank you for being part of the program.'
