// Create or update a participant when a customer signs up or edits their profile in your shop.
//   TESSERA_URL=https://loyalty.example.com TESSERA_API_KEY=tsk_... node sync-participant.mjs ana@example.com cust-42 Ana Silva
import { createServerClient } from '@tessera/sdk/server'

const [email, externalId, firstName, lastName] = process.argv.slice(2)
if (!email && !externalId) {
  console.error('usage: node sync-participant.mjs <email> [external_id] [first_name] [last_name]')
  process.exit(64)
}

const tessera = createServerClient({ apiKey: process.env.TESSERA_API_KEY, baseUrl: process.env.TESSERA_URL })

// Found by external_id, else e-mail, and updated; created when neither matches.
const participant = await tessera.participants.upsert({
  ...(email ? { email } : {}),
  ...(externalId ? { external_id: externalId } : {}),
  ...(firstName ? { first_name: firstName } : {}),
  ...(lastName ? { last_name: lastName } : {}),
})
console.log(JSON.stringify({ participant }))
